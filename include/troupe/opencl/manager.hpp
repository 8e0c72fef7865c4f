// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The OpenCL manager: the OpenCL part of one actor system. It finds the
// platforms and devices when the system starts, compiles programs and spawns
// kernel actors, actors whose message interface is a kernel's signature. A
// kernel actor enqueues its transfers and the kernel and returns its worker;
// a thread per device answers the requests as their commands finish, so many
// requests can be in flight. docs/opencl.md shows the use.
//
//   actor_system_config cfg;
//   cfg.load<opencl::manager>();
//   actor_system sys{cfg};
//   auto& mngr = sys.opencl_manager();
//   auto prog = mngr.create_program(source);
//   auto worker = mngr.spawn(*prog, "scale", opencl::nd_range{opencl::dim_vec{n}},
//                            opencl::in<float>{}, opencl::out<float>{});
//
// A program with TROUPE_MAIN(opencl::manager) gets it loaded from the start.
#include <concepts>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/actor_system_config.hpp"
#include "troupe/actor_system_module.hpp"
#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/opencl/arg_tags.hpp"
#include "troupe/opencl/device.hpp"
#include "troupe/opencl/errc.hpp"
#include "troupe/opencl/kernel_interface.hpp"
#include "troupe/opencl/manager_settings.hpp"
#include "troupe/opencl/nd_range.hpp"
#include "troupe/opencl/program.hpp"

namespace troupe::opencl {

/// The OpenCL part of one actor system: lists the devices when the system starts, compiles programs and spawns
/// kernel actors. Loaded with cfg.load<opencl::manager>(), reached with actor_system::opencl_manager().
class manager final : public actor_system_module {
public:
  /// The options of --opencl.*.
  using settings = manager_settings;
  /// What actor_system::find_module knows the manager by.
  static constexpr kind static_kind = actor_system_module::opencl_manager;

  /// The module protocol of actor_system_config::load.
  static void add_options(actor_system_config& cfg, settings& s);
  /// Creates the manager of `sys` (the same protocol).
  static std::unique_ptr<actor_system_module> make(actor_system& sys, const settings& s);

  /// The module protocol of TROUPE_MAIN(opencl::manager) and exec_main.
  static void init(actor_system_config& cfg) { cfg.load<manager>(); }

  /// Finds the devices. Without any OpenCL platform or device the manager
  /// still loads: devices() is empty and every device lookup fails.
  manager(actor_system& sys, const settings& s);
  ~manager() override;

  /// static_kind.
  kind module_kind() const noexcept override { return static_kind; }
  void start() override;
  /// Waits until no request is in flight any more.
  void stop() override;

  /// The system the manager belongs to.
  actor_system& system() const noexcept { return sys_; }

  /// Every usable device of every platform, in platform order.
  const std::vector<device>& devices() const noexcept { return devices_; }

  /// The device at `index` of devices().
  expected<device> find_device(std::size_t index) const;
  /// The first device of this type.
  expected<device> find_device(device_type type) const;
  /// The first device for which pred(device) holds.
  template <class Pred>
    requires std::predicate<Pred&, const device&> expected<device> find_device(Pred pred)
  const {
    for (const auto& d : devices_)
      if (pred(d))
        return d;
    return no_device_error("no device satisfies the predicate");
  }
  /// The device --opencl.device names (see manager_settings).
  expected<device> default_device() const;

  /// Compiles OpenCL C source for a device (default: the default device). A
  /// failed build returns errc::build_failed with the build log as context;
  /// a missing device (an error in `dev`) is returned as it is. `options`
  /// go to the OpenCL compiler ("-cl-fast-relaxed-math").
  /// @{
  expected<program> create_program(const std::string& source, const std::string& options, const expected<device>& dev);
  expected<program> create_program(const std::string& source, const std::string& options = {}) {
    return create_program(source, options, default_device());
  }
  /// @}

  /// A kernel actor for kernel `name` of `prog` over `range`, one tag per
  /// kernel parameter. It answers a request holding the inputs (the in,
  /// in_out and priv<T, val> arguments, in order) with the outputs (out and
  /// in_out, in order).
  /// Fails with errc::unknown_kernel for a name the program lacks, and with errc::argument_mismatch when the tags do
  /// not match the kernel's parameter count, the global work size is empty or 0, or the offsets or the local size
  /// have another number of dimensions.
  template <arg_tag... Tags>
  expected<actor> spawn(const program& prog, const std::string& name, const nd_range& range, Tags... tags) {
    return spawn_impl(prog, name, range, detail::make_interface(std::move(tags)...));
  }

  /// The same behind another interface: map_args(message&) turns a request
  /// into the kernel's inputs (std::optional<message>; nothing: the request
  /// is not for this actor, the core's unmatched-message outcome), and
  /// map_result(outputs&...) turns the outputs into the answer. map_result
  /// runs on the thread that reports the kernel's completion.
  template <class MapArgs, class MapResult, arg_tag... Tags>
    requires(!arg_tag<MapArgs> && !arg_tag<MapResult>)
  expected<actor> spawn(const program& prog, const std::string& name, const nd_range& range, MapArgs map_args,
                        MapResult map_result, Tags... tags) {
    static_assert(std::is_convertible_v<std::invoke_result_t<MapArgs&, message&>, std::optional<message>>,
                  "troupe::opencl: map_args takes a message& and returns std::optional<message>");
    auto k = detail::make_interface(std::move(tags)...);
    k.map_args = std::move(map_args);
    k.map_result = detail::wrap_map_result(std::move(map_result), detail::outputs_of<Tags...>{});
    return spawn_impl(prog, name, range, std::move(k));
  }

  /// Compiles `source` for the default device, then spawns as above.
  template <arg_tag... Tags>
  expected<actor> spawn(const std::string& source, const std::string& name, const nd_range& range, Tags... tags) {
    auto prog = create_program(source);
    if (!prog)
      return prog.error();
    return spawn(*prog, name, range, std::move(tags)...);
  }

private:
  expected<actor> spawn_impl(const program& prog, const std::string& name, const nd_range& range,
                             detail::kernel_interface k);
  error no_device_error(std::string what) const;

  actor_system& sys_;
  settings settings_;
  std::vector<device> devices_;
  error discovery_error_; // why there are no devices, if there are none
  std::optional<device> default_device_;
  error default_device_error_;
};

} // namespace troupe::opencl
