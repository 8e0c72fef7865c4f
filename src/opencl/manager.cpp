// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/opencl/manager.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

#include "cl.hpp"
#include "device_impl.hpp"
#include "kernel_actor.hpp"
#include "program_impl.hpp"
#include "troupe/actor_system.hpp"

namespace troupe {

// Declared by the core (actor_system.hpp), defined here: only programs that
// link troupe::opencl can ask for the manager.
opencl::manager& actor_system::opencl_manager() {
  auto* m = find_module(actor_system_module::opencl_manager);
  if (m == nullptr)
    throw std::logic_error("troupe: actor_system::opencl_manager() needs cfg.load<opencl::manager>()");
  return static_cast<opencl::manager&>(*m);
}

} // namespace troupe

namespace troupe::opencl {

namespace {

std::string device_string(cl_device_id id, cl_device_info what) {
  return detail::query_string(
    [&](std::size_t n, void* out, std::size_t* size) { return clGetDeviceInfo(id, what, n, out, size); });
}

template <class T>
T device_value(cl_device_id id, cl_device_info what) {
  T x{};
  if (clGetDeviceInfo(id, what, sizeof(T), &x, nullptr) != CL_SUCCESS)
    return T{};
  return x;
}

std::string platform_name(cl_platform_id id) {
  return detail::query_string(
    [&](std::size_t n, void* out, std::size_t* size) { return clGetPlatformInfo(id, CL_PLATFORM_NAME, n, out, size); });
}

device_type type_of(cl_device_type t) {
  if ((t & CL_DEVICE_TYPE_GPU) != 0)
    return device_type::gpu;
  if ((t & CL_DEVICE_TYPE_CPU) != 0)
    return device_type::cpu;
  if ((t & CL_DEVICE_TYPE_ACCELERATOR) != 0)
    return device_type::accelerator;
  return device_type::other;
}

device_info read_info(cl_device_id id, const std::string& platform) {
  device_info x;
  x.name = device_string(id, CL_DEVICE_NAME);
  x.vendor = device_string(id, CL_DEVICE_VENDOR);
  x.version = device_string(id, CL_DEVICE_VERSION);
  x.driver_version = device_string(id, CL_DRIVER_VERSION);
  x.platform = platform;
  x.type = type_of(device_value<cl_device_type>(id, CL_DEVICE_TYPE));
  x.global_memory = device_value<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_SIZE);
  x.local_memory = device_value<cl_ulong>(id, CL_DEVICE_LOCAL_MEM_SIZE);
  x.max_allocation = device_value<cl_ulong>(id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  x.compute_units = device_value<cl_uint>(id, CL_DEVICE_MAX_COMPUTE_UNITS);
  x.max_work_group_size = device_value<std::size_t>(id, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  return x;
}

// Every device of every platform that gets a context and a queue; an empty
// list and the reason when there is none.
std::vector<device> discover(error& why) {
  std::vector<device> result;
  cl_uint num_platforms = 0;
  auto status = clGetPlatformIDs(0, nullptr, &num_platforms);
  if (status != CL_SUCCESS || num_platforms == 0) {
    why = detail::cl_error(errc::no_device, "clGetPlatformIDs", status, "no OpenCL platform found");
    return result;
  }
  std::vector<cl_platform_id> platforms(num_platforms);
  clGetPlatformIDs(num_platforms, platforms.data(), nullptr);
  std::string problems;
  for (auto p : platforms) {
    cl_uint n = 0;
    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &n) != CL_SUCCESS || n == 0)
      continue;
    std::vector<cl_device_id> ids(n);
    clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, n, ids.data(), nullptr);
    const auto pname = platform_name(p);
    for (auto id : ids) {
      if (device_value<cl_bool>(id, CL_DEVICE_AVAILABLE) == CL_FALSE)
        continue;
      cl_int st = CL_SUCCESS;
      auto ctx = detail::cl_ref<cl_context>::adopt(clCreateContext(nullptr, 1, &id, nullptr, nullptr, &st));
      if (st != CL_SUCCESS) {
        problems += "; " + detail::status_name(st) + " creating a context";
        continue;
      }
      auto queue = detail::cl_ref<cl_command_queue>::adopt(clCreateCommandQueue(ctx.get(), id, 0, &st));
      if (st != CL_SUCCESS) {
        problems += "; " + detail::status_name(st) + " creating a queue";
        continue;
      }
      result.emplace_back(std::make_shared<detail::device_impl>(result.size(), id, std::move(ctx), std::move(queue),
                                                                read_info(id, pname)));
    }
  }
  if (result.empty())
    why = error{errc::no_device, "no usable OpenCL device" + problems};
  return result;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

} // namespace

void manager::add_options(actor_system_config& cfg, settings& s) {
  cfg.add_option("opencl.device", s.device,
                 "default OpenCL device: an index, cpu, gpu, accelerator or a part of its name");
}

std::unique_ptr<actor_system_module> manager::make(actor_system& sys, const settings& s) {
  return std::make_unique<manager>(sys, s);
}

manager::manager(actor_system& sys, const settings& s) : sys_(sys), settings_(s) {
  devices_ = discover(discovery_error_);
  if (devices_.empty()) {
    default_device_error_ = discovery_error_;
    return;
  }
  const auto& want = settings_.device;
  if (want.empty()) {
    auto gpu = find_device(device_type::gpu);
    default_device_ = gpu ? *gpu : devices_.front();
    return;
  }
  std::size_t index = 0;
  auto [ptr, ec] = std::from_chars(want.data(), want.data() + want.size(), index);
  expected<device> found = error{errc::no_device};
  if (ec == std::errc{} && ptr == want.data() + want.size()) {
    found = find_device(index);
  } else if (auto w = lower(want); w == "cpu" || w == "gpu" || w == "accelerator") {
    found = find_device(w == "cpu" ? device_type::cpu : w == "gpu" ? device_type::gpu : device_type::accelerator);
  } else {
    found = find_device([&](const device& d) { return lower(d.name()).find(lower(want)) != std::string::npos; });
  }
  if (found)
    default_device_ = *found;
  else
    default_device_error_ = error{errc::no_device, "no OpenCL device matches --opencl.device=" + want};
}

manager::~manager() = default;

void manager::start() {
  // Nothing runs in the background: OpenCL's own threads report completions.
}

void manager::stop() {
  for (auto& d : devices_) {
    d.impl()->wait_idle();
    clFinish(d.impl()->queue.get());
  }
}

error manager::no_device_error(std::string what) const {
  if (devices_.empty())
    return discovery_error_;
  return error{errc::no_device, std::move(what)};
}

expected<device> manager::find_device(std::size_t index) const {
  if (index < devices_.size())
    return devices_[index];
  return no_device_error("no device " + std::to_string(index) + " (there are " + std::to_string(devices_.size()) + ")");
}

expected<device> manager::find_device(device_type type) const {
  return find_device([type](const device& d) { return d.type() == type; });
}

expected<device> manager::default_device() const {
  if (default_device_)
    return *default_device_;
  return default_device_error_;
}

expected<program> manager::create_program(const std::string& source, const std::string& options,
                                          const expected<device>& dev) {
  if (!dev)
    return dev.error();
  const auto& impl = dev->impl();
  const char* text = source.c_str();
  const std::size_t length = source.size();
  cl_int status = CL_SUCCESS;
  auto prog =
    detail::cl_ref<cl_program>::adopt(clCreateProgramWithSource(impl->context.get(), 1, &text, &length, &status));
  if (status != CL_SUCCESS)
    return detail::cl_error(errc::build_failed, "clCreateProgramWithSource", status);
  status = clBuildProgram(prog.get(), 1, &impl->id, options.c_str(), nullptr, nullptr);
  auto log = detail::query_string([&](std::size_t n, void* out, std::size_t* size) {
    return clGetProgramBuildInfo(prog.get(), impl->id, CL_PROGRAM_BUILD_LOG, n, out, size);
  });
  if (status != CL_SUCCESS)
    return error{errc::build_failed, "clBuildProgram: " + detail::status_name(status) + "\n" + log};
  return program{std::make_shared<detail::program_impl>(impl, std::move(prog), std::move(log))};
}

expected<actor> manager::spawn_impl(const program& prog, const std::string& name, const nd_range& range,
                                    detail::kernel_interface k) {
  return detail::spawn_kernel_actor(sys_, prog, name, range, std::move(k));
}

} // namespace troupe::opencl
