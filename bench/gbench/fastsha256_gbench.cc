// SPDX-License-Identifier: Apache-2.0 OR MIT
// Google Benchmark cases for fastsha256: for every backend this CPU supports
// (forced with fastsha256_set_backend) and the automatic choice, one-shot and
// batch (fastsha256_many) hashing across message sizes from 0 bytes to
// 16 MiB, plus the seed workload (one 14-byte message to a hex string).
//
// Case names: oneshot/<backend>/<size>, batch/<backend>/<size>,
// seed/<backend>; <backend> is auto or a backend name. Bytes and items per
// second are reported; the label names the backend and hex encoder.
//   fastsha256-gbench --benchmark_filter='^oneshot/shani/'
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "fastsha256.h"

namespace {

const size_t kSizes[] = {0, 14, 55, 64, 256, 1024, 4096, 65536, 1 << 20, 16 << 20};

// Messages per fastsha256_many call: about 4 MiB of input, 16 to 1024.
size_t BatchCount(size_t size) {
  if (size == 0) return 1024;
  size_t n = (4u << 20) / size;
  return n < 16 ? 16 : n > 1024 ? 1024 : n;
}

// One input buffer for every case, large enough for the biggest batch.
const uint8_t* Input() {
  static std::vector<uint8_t> buf;
  if (buf.empty()) {
    size_t need = 0;
    for (size_t s : kSizes)
      if (s * BatchCount(s) > need) need = s * BatchCount(s);
    buf.resize(need);
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (auto& b : buf) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      b = static_cast<uint8_t>(x >> 24);
    }
  }
  return buf.data();
}

// Forces the backend ("auto": the automatic choice) and labels the case.
bool UseBackend(benchmark::State& state, const std::string& backend) {
  if (backend == "auto") {
    fastsha256_reset_backend();
  } else if (fastsha256_set_backend(backend.c_str()) != 0) {
    state.SkipWithError("backend not supported here");
    return false;
  }
  state.SetLabel(std::string(fastsha256_backend()) + ", hex " + fastsha256_hex_backend());
  return true;
}

void OneShot(benchmark::State& state, std::string backend, size_t size) {
  if (!UseBackend(state, backend)) return;
  const uint8_t* in = Input();
  uint8_t out[32];
  for (auto _ : state) {
    fastsha256(in, size, out);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(size));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

void Batch(benchmark::State& state, std::string backend, size_t size) {
  if (!UseBackend(state, backend)) return;
  const uint8_t* in = Input();
  const size_t n = BatchCount(size);
  std::vector<const void*> ptrs(n);
  std::vector<size_t> lens(n, size);
  std::vector<uint8_t> out(n * 32);
  for (size_t i = 0; i < n; i++) ptrs[i] = in + i * size;
  for (auto _ : state) {
    fastsha256_many(ptrs.data(), lens.data(), n, reinterpret_cast<uint8_t(*)[32]>(out.data()));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  const int64_t items = static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(n);
  state.SetBytesProcessed(items * static_cast<int64_t>(size));
  state.SetItemsProcessed(items);
  state.counters["messages_per_call"] = static_cast<double>(n);
}

void Seed(benchmark::State& state, std::string backend) {
  if (!UseBackend(state, backend)) return;
  static const char msg[] = "Hello world!!!";
  uint8_t digest[32];
  char hex[65];
  for (auto _ : state) {
    fastsha256(msg, sizeof msg - 1, digest);
    fastsha256_to_hex(digest, 32, hex);
    benchmark::DoNotOptimize(hex);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * 14);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

void RegisterAll() {
  std::vector<std::string> backends{"auto"};
  const char* names[16];
  size_t n = fastsha256_backends(names, 16);
  std::string list;
  for (size_t i = 0; i < n && i < 16; i++) {
    backends.push_back(names[i]);
    list += (i ? " " : "") + std::string(names[i]);
  }
  benchmark::AddCustomContext("fastsha256_version", fastsha256_version());
  benchmark::AddCustomContext("fastsha256_backends", list);
  benchmark::AddCustomContext("fastsha256_auto_backend", fastsha256_backend());
  benchmark::AddCustomContext("fastsha256_hex_backend", fastsha256_hex_backend());

  for (const std::string& b : backends) {
    benchmark::RegisterBenchmark(("seed/" + b).c_str(), Seed, b);
    for (size_t s : kSizes) {
      benchmark::RegisterBenchmark(("oneshot/" + b + "/" + std::to_string(s)).c_str(), OneShot,
                                   b, s);
      benchmark::RegisterBenchmark(("batch/" + b + "/" + std::to_string(s)).c_str(), Batch, b,
                                   s);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  RegisterAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  fastsha256_reset_backend();
  return 0;
}
