package media

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestInspect(t *testing.T) {
	taken := time.Date(2024, 5, 1, 14, 30, 0, 0, time.UTC)
	exifTIFF := tiffWithDate("2024:05:01 14:30:00")
	png := pngBytes(t, 64, 48)
	tests := []struct {
		name string
		data []byte
		want Info // SHA256 and Bytes are filled in from data
	}{
		{"png", png, Info{Format: "PNG", Width: 64, Height: 48}},
		{"jpeg", jpegBytes(t, 40, 30), Info{Format: "JPEG", Width: 40, Height: 30}},
		{"gif", gifBytes(t, 20, 10), Info{Format: "GIF", Width: 20, Height: 10}},
		{"webp lossless", webpBytes(t, "lossless-1x1.webp"), Info{Format: "WebP", Width: 1, Height: 1}},
		{"webp lossy", webpBytes(t, "lossy-1x1.webp"), Info{Format: "WebP", Width: 1, Height: 1}},
		{"jpeg with EXIF date", withJPEGExif(jpegBytes(t, 16, 16), exifTIFF),
			Info{Format: "JPEG", Width: 16, Height: 16, TakenAt: &taken}},
		{"png with eXIf date", withPNGChunk(png, "eXIf", exifTIFF),
			Info{Format: "PNG", Width: 64, Height: 48, TakenAt: &taken}},
		{"webp with EXIF date", webpWithExif(webpBytes(t, "lossless-1x1.webp"), exifTIFF),
			Info{Format: "WebP", Width: 1, Height: 1, TakenAt: &taken}},
		{"jpeg with bogus EXIF date", withJPEGExif(jpegBytes(t, 16, 16), tiffWithDate("0000:00:00 00:00:00")),
			Info{Format: "JPEG", Width: 16, Height: 16}},
		{"jpeg with garbage EXIF", withJPEGExif(jpegBytes(t, 16, 16), []byte("II*\x00\xff\xff\xff\x7f garbage")),
			Info{Format: "JPEG", Width: 16, Height: 16}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Inspect(tt.data)
			if err != nil {
				t.Fatalf("Inspect: %v", err)
			}
			sum := sha256.Sum256(tt.data)
			tt.want.SHA256 = hex.EncodeToString(sum[:])
			tt.want.Bytes = len(tt.data)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Inspect mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestInspectRejects(t *testing.T) {
	png := pngBytes(t, 64, 48)
	jpg := jpegBytes(t, 64, 48)
	gifData := gifBytes(t, 64, 48)
	tests := []struct {
		name       string
		data       []byte
		wantCause  Cause
		wantReason string // prefix
	}{
		{"empty", nil, CauseNotImage, "not an image: empty content"},
		{"html", []byte("<!doctype html><html><body>hi</body></html>"), CauseNotImage, "not an image: text/html"},
		{"plain text", []byte("our cat Miso on the sofa"), CauseNotImage, "not an image: text/plain"},
		{"bmp", append([]byte("BM"), make([]byte, 60)...), CauseUnsupported, "unsupported image format: image/bmp"},
		{"truncated png", png[:len(png)/2], CauseCorrupt, "truncated or corrupt PNG: "},
		{"truncated jpeg", jpg[:len(jpg)/2], CauseCorrupt, "truncated or corrupt JPEG: "},
		{"truncated gif", gifData[:len(gifData)/2], CauseCorrupt, "truncated or corrupt GIF: "},
		{"png header only", png[:33], CauseCorrupt, "truncated or corrupt PNG: "},
		{"png decompression bomb", pngWithSize(png, 20000, 20000), CauseTooManyPixels,
			"image too large to decode: 20000×20000 pixels exceeds 50 megapixels"},
		{"webp truncated", webpBytes(t, "lossless-1x1.webp")[:24], CauseCorrupt, "truncated or corrupt WebP: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Inspect(tt.data)
			if err == nil {
				t.Fatal("Inspect succeeded, want error")
			}
			if got := CauseOf(err); got != tt.wantCause {
				t.Errorf("cause = %q, want %q (err %v)", got, tt.wantCause, err)
			}
			if !strings.HasPrefix(err.Error(), tt.wantReason) {
				t.Errorf("reason = %q, want prefix %q", err.Error(), tt.wantReason)
			}
			if !IsPermanent(err) {
				t.Errorf("IsPermanent(%v) = false, want true", err)
			}
		})
	}
}

func TestSniff(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"png", pngBytes(t, 2, 2), "image/png"},
		{"jpeg", jpegBytes(t, 2, 2), "image/jpeg"},
		{"gif", gifBytes(t, 2, 2), "image/gif"},
		{"webp", webpBytes(t, "lossy-1x1.webp"), "image/webp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Sniff(tt.data)
			if err != nil {
				t.Fatalf("Sniff: %v", err)
			}
			if got != tt.want {
				t.Errorf("Sniff = %q, want %q", got, tt.want)
			}
		})
	}
}

// BenchmarkInspectPNG measures a full validation of a 640×480 PNG, the
// typical cost a capture worker pays per image.
func BenchmarkInspectPNG(b *testing.B) {
	data := pngBytes(b, 640, 480)
	for b.Loop() {
		if _, err := Inspect(data); err != nil {
			b.Fatal(err)
		}
	}
}
