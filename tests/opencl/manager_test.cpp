// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The manager: loading it (also through TROUPE_MAIN), its option, the device
// list and lookups, and compiling programs (with the build log of a failed
// build).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string>

#include "opencl_fixture.hpp"
#include "troupe/exec_main.hpp"

namespace manager_test {

using namespace troupe;
using troupe::opencl_test::opencl_fixture;

namespace {

using opencl_manager_test = opencl_fixture;

TEST_F(opencl_manager_test, every_device_names_itself) {
  for (const auto& d : mngr->devices()) {
    EXPECT_FALSE(d.name().empty());
    EXPECT_FALSE(d.vendor().empty());
    EXPECT_GT(d.global_memory(), 0u);
    EXPECT_GT(d.compute_units(), 0u);
    EXPECT_GT(d.info().max_work_group_size, 0u);
    EXPECT_EQ(mngr->devices()[d.index()], d);
  }
}

TEST_F(opencl_manager_test, devices_are_found_by_index_type_and_predicate) {
  auto first = mngr->find_device(0);
  ASSERT_TRUE(first) << to_string(first.error());
  EXPECT_EQ(*first, mngr->devices().front());
  auto by_type = mngr->find_device(first->type());
  ASSERT_TRUE(by_type);
  EXPECT_EQ(by_type->type(), first->type());
  auto by_name = mngr->find_device([&](const opencl::device& d) { return d.name() == first->name(); });
  ASSERT_TRUE(by_name);
  EXPECT_EQ(*by_name, *first);

  auto none = mngr->find_device(mngr->devices().size());
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error(), opencl::errc::no_device);
  auto nobody = mngr->find_device([](const opencl::device&) { return false; });
  ASSERT_FALSE(nobody);
  EXPECT_EQ(nobody.error(), opencl::errc::no_device);
}

TEST_F(opencl_manager_test, the_default_device_exists) {
  auto d = mngr->default_device();
  ASSERT_TRUE(d) << to_string(d.error());
}

TEST(opencl_manager, the_device_option_picks_the_default_device) {
  actor_system_config cfg;
  cfg.load<opencl::manager>();
  ASSERT_TRUE(cfg.has_option("opencl.device"));
  EXPECT_NE(cfg.help().find("opencl.device"), std::string::npos);
  ASSERT_FALSE(cfg.set("opencl.device", "0"));
  actor_system sys{cfg};
  auto& mngr = sys.opencl_manager();
  if (mngr.devices().empty())
    GTEST_SKIP() << "no OpenCL device";
  auto d = mngr.default_device();
  ASSERT_TRUE(d);
  EXPECT_EQ(d->index(), 0u);
}

TEST(opencl_manager, a_device_option_that_matches_nothing_fails_lookups_not_loading) {
  actor_system_config cfg;
  cfg.load<opencl::manager>();
  ASSERT_FALSE(cfg.set("opencl.device", "no-such-device-anywhere"));
  actor_system sys{cfg};
  auto& mngr = sys.opencl_manager();
  auto d = mngr.default_device();
  ASSERT_FALSE(d);
  EXPECT_EQ(d.error(), opencl::errc::no_device);
  auto prog = mngr.create_program("__kernel void k(__global int* x) { }");
  ASSERT_FALSE(prog);
  EXPECT_EQ(prog.error(), opencl::errc::no_device);
}

TEST(opencl_manager, a_device_option_by_type_and_by_name) {
  actor_system_config probe_cfg;
  probe_cfg.load<opencl::manager>();
  actor_system probe{probe_cfg};
  if (probe.opencl_manager().devices().empty())
    GTEST_SKIP() << "no OpenCL device";
  const auto first = probe.opencl_manager().devices().front();
  for (std::string value : {to_string(first.type()), first.name().substr(0, 4)}) {
    actor_system_config cfg;
    cfg.load<opencl::manager>();
    ASSERT_FALSE(cfg.set("opencl.device", value));
    actor_system sys{cfg};
    auto d = sys.opencl_manager().default_device();
    ASSERT_TRUE(d) << value;
    EXPECT_EQ(d->name(), first.name()) << value;
  }
}

TEST(opencl_manager, without_loading_it_the_accessor_throws) {
  actor_system sys{actor_system_config{}};
  EXPECT_THROW(sys.opencl_manager(), std::logic_error);
}

TEST_F(opencl_manager_test, a_program_lists_its_kernels) {
  auto prog = build();
  auto names = prog.kernel_names();
  for (const char* k : {"scale", "add", "increment", "sum_groups", "through_scratch"})
    EXPECT_NE(std::find(names.begin(), names.end(), k), names.end()) << k;
  EXPECT_EQ(prog.device(), *mngr->default_device());
}

TEST_F(opencl_manager_test, a_kernel_that_does_not_compile_returns_the_build_log) {
  auto prog = mngr->create_program("__kernel void broken(__global float* x) { x[0] = undeclared_name; }");
  ASSERT_FALSE(prog);
  EXPECT_EQ(prog.error(), opencl::errc::build_failed);
  EXPECT_NE(prog.error().context().find("undeclared_name"), std::string::npos) << prog.error().context();
}

TEST_F(opencl_manager_test, build_options_reach_the_compiler) {
  const char* source = "__kernel void k(__global int* x) { x[0] = VALUE; }";
  EXPECT_FALSE(mngr->create_program(source));
  auto prog = mngr->create_program(source, "-DVALUE=7", mngr->find_device(0));
  ASSERT_TRUE(prog) << to_string(prog.error());
}

TEST_F(opencl_manager_test, spawning_an_unknown_kernel_fails) {
  auto prog = build();
  auto a = mngr->spawn(prog, "no_such_kernel", opencl::nd_range{opencl::dim_vec{4}}, opencl::in<float>{},
                       opencl::out<float>{});
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error(), opencl::errc::unknown_kernel);
  EXPECT_NE(a.error().context().find("no_such_kernel"), std::string::npos);
}

TEST_F(opencl_manager_test, tags_that_do_not_fit_the_kernel_fail_at_spawn) {
  auto prog = build();
  auto a = mngr->spawn(prog, "add", opencl::nd_range{opencl::dim_vec{4}}, opencl::in<float>{}, opencl::out<float>{});
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error(), opencl::errc::argument_mismatch);
  auto b = mngr->spawn(prog, "increment", opencl::nd_range{opencl::dim_vec{}}, opencl::in_out<int>{});
  ASSERT_FALSE(b);
  EXPECT_EQ(b.error(), opencl::errc::argument_mismatch);
}

} // namespace

// TROUPE_MAIN(opencl::manager), as a CAF program writes
// CAF_MAIN(opencl::manager): the manager is loaded before the command line is
// read, so its option parses and reaches it. The macro defines this
// namespace's main, which the test calls like a program's.
namespace with_opencl {

using namespace troupe;

std::size_t devices_seen = 0;
std::optional<std::size_t> default_index;

int troupe_main(actor_system& sys) {
  devices_seen = sys.opencl_manager().devices().size();
  if (auto d = sys.opencl_manager().default_device())
    default_index = d->index();
  return 0;
}

TROUPE_MAIN(opencl::manager)

} // namespace with_opencl

TEST(opencl_manager_main, troupe_main_loads_the_manager_before_reading_the_options) {
  static_assert(system_module<opencl::manager>);
  std::string prog = "prog", device = "--opencl.device=0";
  std::array<char*, 3> argv{prog.data(), device.data(), nullptr};
  ASSERT_EQ(with_opencl::main(2, argv.data()), 0) << "--opencl.device is an option once the manager is loaded";
  if (with_opencl::devices_seen == 0)
    GTEST_SKIP() << "no OpenCL device";
  EXPECT_EQ(with_opencl::default_index, std::optional<std::size_t>{0}) << "--opencl.device=0 picks the first device";
}

} // namespace manager_test
