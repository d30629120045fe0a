package sentvec

import (
	"fmt"
	"syscall"
	"testing"
	"time"
)

// benchTexts are a 12-piece and a 40-piece text; the benchmark checks their lengths.
var benchTexts = map[int]string{
	12: "Remind me to call the plumber tomorrow.",
	40: "Last summer we rented a small cottage near the lake for two weeks, and every morning " +
		"the children went swimming before breakfast while I read the paper on the porch with hot coffee today.",
}

// BenchmarkEncode reports, besides ns/op, cpu-ns/op: the process's CPU time per operation, which a
// busy machine inflates less than wall time.
func BenchmarkEncode(b *testing.B) {
	m := sharedModel(b)
	for _, pieces := range []int{12, 40} {
		text := benchTexts[pieces]
		if n := len(m.Tokenize(text)); n != pieces {
			b.Fatalf("%q has %d pieces, want %d", text, n, pieces)
		}
		b.Run(fmt.Sprintf("%dtokens", pieces), func(b *testing.B) {
			benchEncode(b, m, []string{text})
		})
	}
	// 32 is the batch the kernel's meaning filler encodes at a time.
	for _, size := range []int{32, 64} {
		batch := make([]string, size)
		for i := range batch {
			batch[i] = fmt.Sprintf("%s (note %d)", benchTexts[12+28*(i%2)], i)
		}
		b.Run(fmt.Sprintf("batch%d", size), func(b *testing.B) { benchEncode(b, m, batch) })
	}
}

func benchEncode(b *testing.B, m *Model, texts []string) {
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		m.Encode(texts)
	}
	b.ReportMetric(float64((cpuTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
