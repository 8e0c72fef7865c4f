// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Jobs whose launcher has no PMIx server: the rank and size from Open MPI's,
// PMI's or Slurm's variables, the step's first host, and the rendezvous on
// rank 0 (ranks that arrive before rank 0 listens, a hello that does not
// parse or comes twice, which closes that connection only, and a rank that
// never comes, which times out with a clear error).
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <asio.hpp>

#include "env_discovery.hpp"
#include "launcher_env.hpp"
#include "rendezvous.hpp"
#include "support/loopback.hpp"
#include "troupe/error.hpp"

namespace launcher_env_test {

using namespace troupe;
using namespace troupe::cluster;
using namespace std::chrono_literals;

namespace {

env_lookup table(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](const char* name) -> const char* {
    auto i = vars.find(name);
    return i == vars.end() ? nullptr : i->second.c_str();
  };
}

} // namespace

TEST(launcher_env, reads_open_mpi_pmi_and_slurm_spellings) {
  auto ompi = read_launcher_env(table({{"OMPI_COMM_WORLD_RANK", "3"},
                                       {"OMPI_COMM_WORLD_SIZE", "16"},
                                       {"OMPI_MCA_ess_base_jobid", "1234"},
                                       {"SLURM_PROCID", "0"}}));
  ASSERT_TRUE(ompi && *ompi);
  EXPECT_EQ((*ompi)->rank, 3u) << "Open MPI's, before Slurm's";
  EXPECT_EQ((*ompi)->size, 16u);
  EXPECT_EQ((*ompi)->job, "ompi:1234");
  auto pmi = read_launcher_env(table({{"PMI_RANK", "1"}, {"PMI_SIZE", "4"}, {"PMI_JOBID", "77"}}));
  ASSERT_TRUE(pmi && *pmi);
  EXPECT_EQ((*pmi)->rank, 1u);
  EXPECT_EQ((*pmi)->job, "pmi:77");
  auto slurm = read_launcher_env(table({{"SLURM_PROCID", "2"},
                                        {"SLURM_NTASKS", "4"},
                                        {"SLURM_JOB_ID", "42"},
                                        {"SLURM_STEP_ID", "1"},
                                        {"SLURM_STEP_NODELIST", "node[07-10],gpu1"}}));
  ASSERT_TRUE(slurm && *slurm);
  EXPECT_EQ((*slurm)->rank, 2u);
  EXPECT_EQ((*slurm)->job, "slurm:42.1");
  EXPECT_EQ((*slurm)->first_host, "node07");
  auto none = read_launcher_env(table({{"HOME", "/root"}}));
  ASSERT_TRUE(none);
  EXPECT_FALSE(*none);
  EXPECT_FALSE(under_pmix(table({{"PMI_RANK", "0"}})));
  EXPECT_TRUE(under_pmix(table({{"PMIX_NAMESPACE", "prterun-x-1@1"}})));
}

TEST(launcher_env, refuses_a_rank_outside_the_job) {
  EXPECT_EQ(read_launcher_env(table({{"PMI_RANK", "4"}, {"PMI_SIZE", "4"}})).error(), sec::invalid_argument);
  EXPECT_EQ(read_launcher_env(table({{"PMI_RANK", "x"}, {"PMI_SIZE", "4"}})).error(), sec::invalid_argument);
  EXPECT_EQ(read_launcher_env(table({{"PMI_RANK", "0"}})).error(), sec::invalid_argument);
  auto whole = read_launcher_env(table({{"PMI_RANK", "1"}, {"SLURM_PROCID", "1"}, {"SLURM_NTASKS", "2"}}));
  ASSERT_TRUE(whole && *whole) << "a rank without its size gives way to another launcher's whole spelling";
  EXPECT_EQ((*whole)->size, 2u);
  EXPECT_EQ(read_launcher_env(table({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "0"}})).error(), sec::invalid_argument);
}

TEST(launcher_env, the_first_host_of_a_slurm_host_list) {
  EXPECT_EQ(first_host_of("node[01-04,07],gpu5"), "node01");
  EXPECT_EQ(first_host_of("gpu5,node[01-04]"), "gpu5");
  EXPECT_EQ(first_host_of("localhost"), "localhost");
  EXPECT_EQ(first_host_of("n[3]"), "n3");
  EXPECT_EQ(first_host_of("n[]"), "");
  EXPECT_EQ(first_host_of("n["), "");
}

TEST(launcher_env, the_rendezvous_address_comes_from_the_option_or_the_job) {
  launcher_env env{1, 4, "slurm:42.0", "node07"};
  auto derived = env_discovery::make(env, "");
  ASSERT_TRUE(derived);
  auto& d = static_cast<env_discovery&>(**derived);
  EXPECT_EQ(d.rendezvous().host, "node07");
  EXPECT_EQ(d.rendezvous().port, rendezvous_port("slurm:42.0"));
  EXPECT_GE(d.rendezvous().port, 10000);
  EXPECT_LT(d.rendezvous().port, 30000);
  EXPECT_NE(rendezvous_port("slurm:42.0"), rendezvous_port("slurm:42.1")) << "each step meets apart";
  auto given = env_discovery::make(env, "10.0.0.1:7777");
  ASSERT_TRUE(given);
  EXPECT_EQ(static_cast<env_discovery&>(**given).rendezvous().port, 7777);
  EXPECT_EQ(env_discovery::make(launcher_env{0, 2, "", ""}, "").error(), sec::invalid_argument)
    << "no job, no option: nowhere to meet";
  EXPECT_EQ(env_discovery::make(env, "10.0.0.1").error(), sec::invalid_argument);
}

TEST(rendezvous, hellos_and_tables_parse_and_bad_ones_are_refused) {
  auto line = hello_line({2, 4, "127.0.0.1:7002 abc"});
  EXPECT_EQ(line, "troupe-rendezvous/1 2 4 127.0.0.1:7002 abc\n");
  auto h = parse_hello(std::string_view{line}.substr(0, line.size() - 1));
  ASSERT_TRUE(h);
  EXPECT_EQ(h->rank, 2u);
  EXPECT_EQ(h->size, 4u);
  EXPECT_EQ(h->entry, "127.0.0.1:7002 abc");
  EXPECT_EQ(parse_hello("GET / HTTP/1.1").error(), sec::malformed_message);
  EXPECT_EQ(parse_hello("troupe-rendezvous/1 4 4 x").error(), sec::malformed_message);
  EXPECT_EQ(parse_hello("troupe-rendezvous/1 1 4").error(), sec::malformed_message);
  EXPECT_EQ(parse_hello("troupe-rendezvous/1 1 4 x\r").error(), sec::malformed_message);
  EXPECT_EQ(*parse_table("a 1\nb 2\n", 2), (std::vector<std::string>{"a 1", "b 2"}));
  EXPECT_EQ(parse_table("a 1\nb 2", 2).error(), sec::malformed_message);
  EXPECT_EQ(parse_table("a 1\n", 2).error(), sec::malformed_message);
  EXPECT_EQ(parse_table("a 1\n\n", 2).error(), sec::malformed_message);
}

TEST(rendezvous, every_rank_gets_every_entry_whoever_comes_first) {
  auto at = endpoint{"127.0.0.1", test_support::free_ports(1)[0]};
  constexpr std::uint32_t size = 4;
  std::vector<expected<std::vector<std::string>>> got(size, error{sec::runtime_error, "not run"});
  std::vector<std::thread> ranks;
  // Ranks 2 and 3 come before rank 0 listens, and knock again.
  for (std::uint32_t r = 2; r < size; ++r)
    ranks.emplace_back([&, r] { got[r] = rendezvous_join(at, r, size, "e" + std::to_string(r) + " n", 10s); });
  std::this_thread::sleep_for(200ms);
  ranks.emplace_back([&] { got[0] = rendezvous_serve(at, size, "e0 n", 10s); });
  ranks.emplace_back([&] { got[1] = rendezvous_join(at, 1, size, "e1 n", 10s); });
  for (auto& t : ranks)
    t.join();
  std::vector<std::string> all{"e0 n", "e1 n", "e2 n", "e3 n"};
  for (std::uint32_t r = 0; r < size; ++r) {
    ASSERT_TRUE(got[r]) << "rank " << r << ": " << to_string(got[r].error());
    EXPECT_EQ(*got[r], all) << "rank " << r;
  }
}

TEST(rendezvous, a_bad_or_repeated_hello_closes_that_connection_only) {
  auto at = endpoint{"127.0.0.1", test_support::free_ports(1)[0]};
  expected<std::vector<std::string>> zero{error{sec::runtime_error, "not run"}};
  std::thread server{[&] { zero = rendezvous_serve(at, 2, "e0 n", 10s); }};
  std::this_thread::sleep_for(100ms);
  auto send_raw = [&](const std::string& text) {
    asio::io_context io;
    asio::ip::tcp::socket s{io};
    asio::error_code ec;
    s.connect({asio::ip::make_address("127.0.0.1"), at.port}, ec);
    if (ec)
      return std::string{"no connection: "} + ec.message();
    asio::write(s, asio::buffer(text), ec);
    std::string answer;
    asio::read(s, asio::dynamic_buffer(answer), ec);
    return answer;
  };
  EXPECT_EQ(send_raw("GET / HTTP/1.1\r\n\r\n"), "") << "closed without a word";
  EXPECT_EQ(send_raw(hello_line({1, 3, "e1 n"})), "") << "a hello of another job's size";
  auto one = rendezvous_join(at, 1, 2, "e1 n", 10s);
  server.join();
  ASSERT_TRUE(one) << to_string(one.error());
  EXPECT_EQ(*one, (std::vector<std::string>{"e0 n", "e1 n"}));
  ASSERT_TRUE(zero);
}

TEST(rendezvous, a_rank_that_never_comes_times_out_with_a_clear_error) {
  auto at = endpoint{"127.0.0.1", test_support::free_ports(1)[0]};
  auto alone = rendezvous_serve(at, 3, "e0 n", 300ms);
  ASSERT_FALSE(alone);
  EXPECT_EQ(alone.error(), sec::request_timeout);
  EXPECT_NE(to_string(alone.error()).find("2 of 2 ranks"), std::string::npos) << to_string(alone.error());
  auto nobody = rendezvous_join(at, 1, 3, "e1 n", 300ms);
  ASSERT_FALSE(nobody);
  EXPECT_EQ(nobody.error(), sec::cannot_connect_to_node);
}

} // namespace launcher_env_test
