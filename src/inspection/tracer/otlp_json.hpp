// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Spans as OTLP/JSON: one ExportTraceServiceRequest, the body an OTLP/HTTP
// collector takes at /v1/traces and one line of an OTLP JSON file. Ids are
// hex strings and 64-bit integers decimal strings, as OTLP's JSON encoding
// has them.
#include <string>
#include <vector>

#include "span_batch.hpp"

namespace troupe::inspection {

/// The request that carries `spans`, recorded by `origin`.
std::string otlp_json(const std::vector<span_record>& spans, const span_origin& origin, const span_clock& clock);

} // namespace troupe::inspection
