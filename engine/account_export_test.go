package engine

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

const testHeader = `{"kind":"header","format":"memsvc-export","version":1,"embedder":"e"}` + "\n"

// A producer that sends the header line and then pauses is answered at
// once, and nothing is consumed: Peek asked for 64, then 128 bytes, and
// waited for bytes past the header.
func TestPeekExportHeaderSlowPipe(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	go func() { _, _ = pw.Write([]byte(testHeader)) }() // then waits
	br := bufio.NewReaderSize(pr, 64<<10)
	type result struct {
		head ExportRecord
		err  error
	}
	done := make(chan result, 1)
	go func() { h, err := PeekExportHeader(br); done <- result{h, err} }()
	select {
	case r := <-done:
		if r.err != nil || r.head.Embedder != "e" {
			t.Fatalf("PeekExportHeader = %+v, %v; want the header", r.head, r.err)
		}
	case <-time.After(5 * time.Second):
		pw.CloseWithError(errors.New("test gave up"))
		t.Fatal("PeekExportHeader waited for bytes past the header")
	}
	if line, err := br.ReadString('\n'); err != nil || line != testHeader {
		t.Errorf("after the peek the reader gives %q, %v; want the header line", line, err)
	}
}

// The header arriving in pieces, at the end of the input without a
// newline, or not at all, is judged as a whole line.
func TestPeekExportHeaderPieces(t *testing.T) {
	for _, tt := range []struct {
		name   string
		pieces []string
		size   int
		want   string // "" : the header
	}{
		{"byte by byte", strings.Split(testHeader+`{"kind":"user"}`, ""), 4096, ""},
		{"no newline at the end", []string{strings.TrimSuffix(testHeader, "\n")}, 4096, ""},
		{"empty", nil, 4096, "not a memsvc export"},
		{"not a header", []string{"hello\n"}, 4096, "not a memsvc export"},
		{"first line longer than the buffer", []string{strings.Repeat("x", 100), "\n"}, 16, "not a memsvc export"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pr, pw := io.Pipe()
			go func() {
				for _, p := range tt.pieces {
					_, _ = pw.Write([]byte(p))
				}
				pw.Close()
			}()
			_, err := PeekExportHeader(bufio.NewReaderSize(pr, tt.size))
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
				t.Errorf("PeekExportHeader: %v; want %q", err, tt.want)
			}
		})
	}
}

// A read that fails (an interrupted producer) is reported as a failed
// read, not as "not a memsvc export".
func TestPeekExportHeaderReadError(t *testing.T) {
	pr, pw := io.Pipe()
	go func() {
		_, _ = pw.Write([]byte(`{"kind":"hea`))
		pw.CloseWithError(errors.New("interrupted"))
	}()
	_, err := PeekExportHeader(bufio.NewReaderSize(pr, 4096))
	if err == nil || !strings.Contains(err.Error(), "interrupted") || strings.Contains(err.Error(), "not a memsvc export") {
		t.Errorf("PeekExportHeader: %v; want the read error", err)
	}
}
