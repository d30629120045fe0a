package sentvec

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"
	"time"
)

func gzipBytes(t *testing.T, raw []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(raw); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func embeddedRaw(t *testing.T) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(weightData))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// TestParseRefusesDamagedWeights feeds the parser broken versions of the embedded file: each must fail
// with an error (Parse's naming the weights file), and none may panic. Damage inside the file is fed
// to parseRaw, which Parse calls after gunzip, to keep the test quick under -race.
func TestParseRefusesDamagedWeights(t *testing.T) {
	for name, data := range map[string][]byte{
		"not gzip":       []byte("not gzip at all"),
		"truncated gzip": weightData[:len(weightData)/2],
		"other header":   gzipBytes(t, []byte("memsvc-wordvec 1\n\x00\x00")),
		"header only":    gzipBytes(t, []byte(magic)),
	} {
		m, err := Parse(data)
		if err == nil || m != nil {
			t.Errorf("%s: Parse accepted it", name)
		} else if !strings.Contains(err.Error(), fileName) {
			t.Errorf("%s: error %q does not name %s", name, err, fileName)
		}
	}
	raw := embeddedRaw(t)
	flipped := bytes.Clone(raw)
	flipped[len(magic)] ^= 0xff // the vocabulary size
	shifted := bytes.Clone(raw)
	shifted[bytes.Index(raw, []byte("▁the"))-1] = 0xff // a piece's length byte
	tensors := tensorsStart(raw)
	badShape := bytes.Clone(raw)
	badShape[tensors+4]++ // the embeddings' column count
	badKind := bytes.Clone(raw)
	badKind[tensors+8] = 7
	for name, data := range map[string][]byte{
		"cut in vocabulary":  raw[:len(magic)+1000],
		"cut in a matrix":    raw[:len(raw)/2],
		"one byte short":     raw[:len(raw)-1],
		"trailing bytes":     append(bytes.Clone(raw), 0),
		"bad vocabulary":     flipped,
		"shifted vocabulary": shifted,
		"wrong shape":        badShape,
		"unknown kind":       badKind,
	} {
		if m, err := parseRaw(data); err == nil || m != nil {
			t.Errorf("%s: parseRaw accepted it", name)
		}
	}
}

func TestEmbeddedWeightsParse(t *testing.T) {
	m := sharedModel(t)
	if len(m.tok.pieces) != 8000 || m.embed.rows < len(m.tok.pieces) {
		t.Fatalf("%d pieces, %d embeddings", len(m.tok.pieces), m.embed.rows)
	}
}

// tensorsStart is the offset of the first tensor's header: after the magic line and the vocabulary.
func tensorsStart(raw []byte) int {
	at := len(magic)
	n := int(raw[at]) | int(raw[at+1])<<8 | int(raw[at+2])<<16 | int(raw[at+3])<<24
	at += 4
	for range n {
		at += 1 + int(raw[at]) + 8
	}
	return at
}

// A weights file whose unknown piece (id 0) is empty parses, as its shape is sound, but the tokenizer's
// walk back from the end steps by a piece's length: it must still end on a text with a symbol no piece
// starts with, not loop for ever.
func TestTokenizeEndsWithAnEmptyUnknownPiece(t *testing.T) {
	raw := embeddedRaw(t)
	at := len(magic) + 4 // piece 0's length byte
	n := int(raw[at])
	damaged := append(append(bytes.Clone(raw[:at]), 0), raw[at+1+n:]...)
	m, err := parseRaw(damaged)
	if err != nil {
		return // refusing the file is as good
	}
	done := make(chan []int32, 1)
	go func() { done <- m.Tokenize("my \u2603 melted") }()
	select {
	case ids := <-done:
		if len(ids) == 0 || len(ids) > MaxTokens {
			t.Errorf("%d pieces", len(ids))
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Tokenize did not end")
	}
}
