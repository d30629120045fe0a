package service_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// Benchmarks of the write path on long texts (pasted docs, logs, long
// coding summaries), through Ingest as the MCP add_memories tool calls it.
// The cost per byte should stay flat as the text grows:
//
//	go test -run '^$' -bench LongText -benchtime 3x -count 5 ./engine/service/

// longText returns about size bytes of prose: generated statements joined
// into sentences and paragraphs, with a code-ish line now and then, as a
// long coding-session summary reads.
func longText(seed uint64, size int) string {
	gen := newSentences(seed)
	var b strings.Builder
	for i := 0; ; i++ {
		var piece strings.Builder
		s := gen.next().Text
		switch {
		case i%17 == 16:
			piece.WriteString("\n\n")
		case i%11 == 10:
			fmt.Fprintf(&piece, " Then we ran `go test ./pkg/%d/...` and it passed in %d.%ds.", i, i%9, i%7)
		case i > 0:
			piece.WriteString(" ")
		}
		piece.WriteString(strings.ToUpper(s[:1]) + s[1:] + ".")
		if b.Len()+piece.Len() > size { // stay under the text cap
			break
		}
		b.WriteString(piece.String())
	}
	return b.String()
}

// ingestLong stores items through Ingest, failing the benchmark on an error
// of the call or of any item.
func ingestLong(b *testing.B, eng engine.Service, items []string) {
	b.Helper()
	entries, err := eng.Ingest(context.Background(), benchUser, engine.IngestRequest{Items: items,
		Shared: engine.AddRequest{Source: &engine.Source{Kind: engine.SourceMCP}}})
	if err != nil {
		b.Fatal(err)
	}
	for _, en := range entries {
		if en.Err != nil {
			b.Fatal(en.Err)
		}
	}
}

// BenchmarkAddLongText stores one long text per op into a store that grows
// with every op (as a user's does).
func BenchmarkAddLongText(b *testing.B) {
	for _, kib := range []int{4, 16, 32} {
		b.Run(fmt.Sprintf("kib=%d", kib), func(b *testing.B) {
			eng, _ := openBench(b, false)
			texts := make([]string, b.N)
			for i := range texts {
				texts[i] = longText(uint64(i+1), kib<<10)
			}
			b.SetBytes(int64(kib << 10))
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				ingestLong(b, eng, texts[i:i+1])
			}
		})
	}
}

// BenchmarkAddLongTextBatch20 stores 20 long texts in one call, as an MCP
// client's add_memories with a list does.
func BenchmarkAddLongTextBatch20(b *testing.B) {
	for _, kib := range []int{8, 32} {
		b.Run(fmt.Sprintf("kib=%d", kib), func(b *testing.B) {
			eng, _ := openBench(b, false)
			batches := make([][]string, b.N)
			for i := range batches {
				for j := range 20 {
					batches[i] = append(batches[i], longText(uint64(i*20+j+1), kib<<10))
				}
			}
			b.SetBytes(int64(20 * kib << 10))
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				ingestLong(b, eng, batches[i])
			}
		})
	}
}
