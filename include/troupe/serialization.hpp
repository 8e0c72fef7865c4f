// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Type registry, announce and the binary/text encodings.
#include "troupe/serialization/announce.hpp"
#include "troupe/serialization/binary_deserializer.hpp"
#include "troupe/serialization/binary_serializer.hpp"
#include "troupe/serialization/decode_result.hpp"
#include "troupe/serialization/deep_to_string.hpp"
#include "troupe/serialization/field.hpp"
#include "troupe/serialization/message_codec.hpp"
#include "troupe/serialization/message_recording.hpp"
#include "troupe/serialization/text_parser.hpp"
#include "troupe/serialization/text_printer.hpp"
#include "troupe/serialization/type_name.hpp"
#include "troupe/serialization/type_registry.hpp"
#include "troupe/serialization/type_traits.hpp"
