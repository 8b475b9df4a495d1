package auth

import "testing"

// BenchmarkHashPassword measures one argon2id hash at the production
// defaults (config: 46 MiB, 2 passes, 1 thread). The
// target is 50-100 ms per hash on the deployment machine; see docs/perf.md.
func BenchmarkHashPassword(b *testing.B) {
	p := Argon2Params{MemoryKiB: 47104, Time: 2, Threads: 1}
	for b.Loop() {
		if _, err := HashPassword(p, "Secret#123"); err != nil {
			b.Fatal(err)
		}
	}
}
