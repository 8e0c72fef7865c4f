// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Matrix multiply driven by raw OpenCL host code: the peer of opencl_matmul.cpp.
// The same kernel, device choice (the first GPU, else the first device) and
// requests: per request three buffers, two writes, the kernel, a blocking read
// into a fresh vector, the buffers released. One request before the timer, as
// there. "Ready" is the context, queue and built kernel.
//   opencl_matmul_raw [--workers=W (ignored)] [--verify] [N=256] [R=20]
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <cstdio>
#include <string>
#include <vector>

#include "opencl_matmul.hpp"
#include "warm_repeats.hpp"

namespace {

// Exits 1 naming the call that failed.
void ok(cl_int status, const char* call) {
  if (status != CL_SUCCESS) {
    std::printf("CHECK FAILED: %s returned %d\n", call, static_cast<int>(status));
    std::exit(1);
  }
}

cl_device_id pick_device() {
  cl_uint np = 0;
  ok(clGetPlatformIDs(0, nullptr, &np), "clGetPlatformIDs");
  std::vector<cl_platform_id> platforms(np);
  ok(clGetPlatformIDs(np, platforms.data(), nullptr), "clGetPlatformIDs");
  cl_device_id first = nullptr;
  for (auto p : platforms) {
    cl_device_id d = nullptr;
    cl_uint nd = 0;
    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, &d, &nd) == CL_SUCCESS && nd > 0)
      return d;
    if (first == nullptr && clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, &nd) == CL_SUCCESS && nd > 0)
      first = d;
  }
  if (first == nullptr) {
    std::printf("CHECK FAILED: no OpenCL device\n");
    std::exit(1);
  }
  return first;
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {256, 20}, "[N] [REQUESTS]"};
  const auto n = static_cast<std::size_t>(a[0]);
  const long long requests = a[1];
  if (n < 1 || requests < 1)
    return 2;
  cl_int status = CL_SUCCESS;
  cl_device_id dev = pick_device();
  cl_context ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &status);
  ok(status, "clCreateContext");
  cl_command_queue queue = clCreateCommandQueue(ctx, dev, 0, &status);
  ok(status, "clCreateCommandQueue");
  const char* src = bench::matmul_cl_source;
  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, nullptr, &status);
  ok(status, "clCreateProgramWithSource");
  ok(clBuildProgram(prog, 1, &dev, "", nullptr, nullptr), "clBuildProgram");
  cl_kernel kernel = clCreateKernel(prog, "matrix_multiply", &status);
  ok(status, "clCreateKernel");

  const bench::matmul_inputs in{n};
  const std::size_t bytes = n * n * sizeof(float);
  std::vector<float> c;
  auto multiply = [&] {
    cl_mem a_mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &status);
    ok(status, "clCreateBuffer");
    cl_mem b_mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &status);
    ok(status, "clCreateBuffer");
    cl_mem c_mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &status);
    ok(status, "clCreateBuffer");
    ok(clEnqueueWriteBuffer(queue, a_mem, CL_FALSE, 0, bytes, in.a.data(), 0, nullptr, nullptr),
       "clEnqueueWriteBuffer");
    ok(clEnqueueWriteBuffer(queue, b_mem, CL_FALSE, 0, bytes, in.b.data(), 0, nullptr, nullptr),
       "clEnqueueWriteBuffer");
    ok(clSetKernelArg(kernel, 0, sizeof(cl_mem), &a_mem), "clSetKernelArg");
    ok(clSetKernelArg(kernel, 1, sizeof(cl_mem), &b_mem), "clSetKernelArg");
    ok(clSetKernelArg(kernel, 2, sizeof(cl_mem), &c_mem), "clSetKernelArg");
    const std::size_t global[2] = {n, n};
    ok(clEnqueueNDRangeKernel(queue, kernel, 2, nullptr, global, nullptr, 0, nullptr, nullptr),
       "clEnqueueNDRangeKernel");
    std::vector<float> product(n * n);
    ok(clEnqueueReadBuffer(queue, c_mem, CL_TRUE, 0, bytes, product.data(), 0, nullptr, nullptr),
       "clEnqueueReadBuffer");
    clReleaseMemObject(a_mem);
    clReleaseMemObject(b_mem);
    clReleaseMemObject(c_mem);
    c = std::move(product);
    return true; // a failed call exits
  };
  const double work_s = bench::warm_repeats(requests, multiply);
  clReleaseKernel(kernel);
  clReleaseProgram(prog);
  clReleaseCommandQueue(queue);
  clReleaseContext(ctx);
  return bench::matmul_finish(n, requests, work_s, in, c, a.verify);
}
