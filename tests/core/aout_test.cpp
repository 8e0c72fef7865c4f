// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// aout(self): whole lines on std::cout, never interleaved between actors.
#include "troupe/troupe.hpp"

#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

namespace aout_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

// Sends std::cout into a string for the life of the object.
class cout_capture {
public:
  cout_capture() : old_(std::cout.rdbuf(buf_.rdbuf())) {}
  ~cout_capture() { std::cout.rdbuf(old_); }
  std::string text() const { return buf_.str(); }

private:
  std::ostringstream buf_;
  std::streambuf* old_;
};

TEST(aout, writes_at_endl_and_at_the_end_of_the_statement) {
  actor_system sys{test_support::small_config(1)};
  scoped_actor self{sys};
  cout_capture out;
  {
    auto s = aout(self);
    s << "a" << 1;
    EXPECT_EQ(out.text(), ""); // collected, not written yet
    s << std::endl;
    EXPECT_EQ(out.text(), "a1\n");
    s << "b" << std::hex << 255;
  }
  EXPECT_EQ(out.text(), "a1\nbff");
  aout(self) << "c" << std::flush;
  EXPECT_EQ(out.text(), "a1\nbffc");
}

// Many actors on several workers write lines in many pieces each; every line
// must come out whole.
TEST(aout, lines_of_concurrent_actors_never_interleave) {
  constexpr int actors = 8;
  constexpr int lines_each = 200;
  cout_capture out;
  {
    actor_system sys{test_support::small_config(2, 1)};
    for (int i = 0; i < actors; ++i)
      sys.spawn(
        [](event_based_actor* self, int who) -> behavior {
          self->send(self, 0);
          return {[=](int n) {
            aout(self) << "actor " << who << " line " << n << ' ' << std::string(50, 'x') << " end" << std::endl;
            if (n + 1 < lines_each)
              self->send(self, n + 1);
            else
              self->quit();
          }};
        },
        i);
  }
  std::istringstream in{out.text()};
  std::regex whole{R"(^actor (\d+) line (\d+) x{50} end$)"};
  std::map<int, int> next; // per actor, the next line number expected
  int total = 0;
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(line, m, whole)) << line;
    int who = std::stoi(m[1]);
    EXPECT_EQ(std::stoi(m[2]), next[who]++); // each actor's lines in order
    ++total;
  }
  EXPECT_EQ(total, actors * lines_each);
}

} // namespace

} // namespace aout_test
