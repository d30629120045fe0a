package backup

import (
	"archive/tar"
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

// TestChunksReadAsOneStream: a snapshot cut into chunks of any size (here
// tiny, to get many) is read back by the restore as the same bytes, and
// the entry after the chunks is kept for the rest of the restore.
func TestChunksReadAsOneStream(t *testing.T) {
	stream := []byte(strings.Repeat("0123456789abcdefghij", 50)) // 1000 bytes
	for _, size := range []int{1, 7, 100, 1000, 4096} {
		var buf bytes.Buffer
		tw := tar.NewWriter(&buf)
		cw := &chunkWriter{tw: tw, size: size, now: time.Now()}
		for p := stream; len(p) > 0; p = p[min(len(p), 33):] { // writes of odd sizes
			if _, err := cw.Write(p[:min(len(p), 33)]); err != nil {
				t.Fatal(err)
			}
		}
		if err := cw.flush(); err != nil {
			t.Fatal(err)
		}
		_ = writeEntry(tw, endName, nil, time.Now())
		_ = tw.Close()
		if want := (len(stream) + size - 1) / size; cw.n != want {
			t.Errorf("size %d: %d chunks, want %d", size, cw.n, want)
		}
		sr := &storeReader{tr: tar.NewReader(&buf)}
		got, err := io.ReadAll(sr)
		if err != nil || !bytes.Equal(got, stream) {
			t.Errorf("size %d: read back %d bytes (%v), want the %d written", size, len(got), err, len(stream))
		}
		if sr.next == nil || sr.next.Name != endName {
			t.Errorf("size %d: entry after the chunks: %+v", size, sr.next)
		}
	}
}

// TestDamagedChunkStaysDamaged: the damage found at a chunk's end is
// reported on every later read too. io.ReadFull, given all the bytes it
// asked for, drops the error returned with them: Badger's Load read the
// whole damaged snapshot that way and the restore succeeded.
func TestDamagedChunkStaysDamaged(t *testing.T) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	_ = writeEntry(tw, storeDir+"000001", []byte("0123456789"), time.Now())
	_ = writeEntry(tw, endName, nil, time.Now())
	_ = tw.Close()
	archive := bytes.Replace(buf.Bytes(), []byte("0123456789"), []byte("0123456780"), 1)
	sr := &storeReader{tr: tar.NewReader(bytes.NewReader(archive))}
	got := make([]byte, 10)
	if _, err := io.ReadFull(sr, got); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if _, err := sr.Read(make([]byte, 8)); err == nil || !strings.Contains(err.Error(), "damaged") {
			t.Errorf("read #%d after the damaged chunk: %v; want it reported damaged", i+1, err)
		}
	}
}
