package media

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"testing"
)

// testImage is a small gradient so encoders produce non-trivial data.
func testImage(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 13), uint8(x ^ y), 255})
		}
	}
	return m
}

func pngBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, testImage(w, h)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, testImage(w, h), &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func gifBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := gif.Encode(&b, testImage(w, h), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// webpBytes reads a known-valid 1×1 WebP from testdata: the standard library
// cannot encode WebP. lossless-1x1.webp is a VP8L image, lossy-1x1.webp a VP8
// one (both are the probe images browsers' feature detection has long used).
func webpBytes(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// tiffWithDate builds a minimal little-endian TIFF/EXIF block: IFD0 holds
// only the ExifIFD pointer, the Exif IFD holds only DateTimeOriginal.
func tiffWithDate(date string) []byte {
	le := binary.LittleEndian
	var b []byte
	b = append(b, 'I', 'I')
	b = le.AppendUint16(b, 42)
	b = le.AppendUint32(b, 8) // IFD0 offset
	// IFD0 at 8: one entry, ExifIFDPointer (0x8769, LONG) → 26.
	b = le.AppendUint16(b, 1)
	b = appendIFDEntry(b, 0x8769, 4, 1, 26)
	b = le.AppendUint32(b, 0) // no next IFD
	// Exif IFD at 26: DateTimeOriginal (0x9003, ASCII, 20 bytes) → 44.
	b = le.AppendUint16(b, 1)
	b = appendIFDEntry(b, 0x9003, 2, uint32(len(date)+1), 44)
	b = le.AppendUint32(b, 0)
	b = append(b, date...)
	return append(b, 0)
}

func appendIFDEntry(b []byte, tag, typ uint16, count, value uint32) []byte {
	le := binary.LittleEndian
	b = le.AppendUint16(b, tag)
	b = le.AppendUint16(b, typ)
	b = le.AppendUint32(b, count)
	return le.AppendUint32(b, value)
}

// withJPEGExif inserts an APP1 "Exif" segment right after the SOI marker.
func withJPEGExif(jpg, tiff []byte) []byte {
	payload := append([]byte("Exif\x00\x00"), tiff...)
	var b []byte
	b = append(b, jpg[:2]...)
	b = append(b, 0xFF, 0xE1)
	b = binary.BigEndian.AppendUint16(b, uint16(len(payload)+2))
	b = append(b, payload...)
	return append(b, jpg[2:]...)
}

// pngChunk encodes one PNG chunk with its CRC.
func pngChunk(typ string, data []byte) []byte {
	var b []byte
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(append([]byte(typ), data...)))
}

// withPNGChunk inserts a chunk after IHDR (8-byte signature + 25-byte IHDR).
func withPNGChunk(p []byte, typ string, data []byte) []byte {
	const afterIHDR = 8 + 25
	out := append([]byte{}, p[:afterIHDR]...)
	out = append(out, pngChunk(typ, data)...)
	return append(out, p[afterIHDR:]...)
}

// pngWithSize rewrites the IHDR dimensions of a valid PNG (fixing the CRC):
// a decompression bomb's header, without its megabytes.
func pngWithSize(p []byte, w, h uint32) []byte {
	out := append([]byte{}, p...)
	ihdr := out[8+8 : 8+8+13]
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	binary.BigEndian.PutUint32(out[8+8+13:], crc32.ChecksumIEEE(out[8+4:8+8+13]))
	return out
}

// webpWithExif wraps a simple VP8L WebP into an extended (VP8X) file with an
// EXIF chunk after the image data, where encoders put it.
func webpWithExif(simple, tiff []byte) []byte {
	le := binary.LittleEndian
	vp8l := simple[12:] // the "VP8L" chunk
	vp8x := []byte("VP8X")
	vp8x = le.AppendUint32(vp8x, 10)
	vp8x = append(vp8x, 1<<3, 0, 0, 0, 0, 0, 0, 0, 0, 0) // EXIF flag; canvas 1×1
	exifChunk := le.AppendUint32([]byte("EXIF"), uint32(len(tiff)))
	exifChunk = append(exifChunk, tiff...)
	if len(tiff)%2 == 1 {
		exifChunk = append(exifChunk, 0)
	}
	body := append([]byte("WEBP"), vp8x...)
	body = append(body, vp8l...)
	body = append(body, exifChunk...)
	out := le.AppendUint32([]byte("RIFF"), uint32(len(body)))
	return append(out, body...)
}
