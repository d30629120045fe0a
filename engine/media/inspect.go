package media

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"image"
	"image/gif"
	"net/http"
	"strings"
	"time"

	// Registered for image.DecodeConfig/image.Decode: these are the formats
	// an image memory may have.
	_ "image/jpeg"
	_ "image/png"

	_ "golang.org/x/image/webp"
)

// MaxPixels caps width×height of an image that will be fully decoded. It is
// checked from the header before decoding, so a small file that declares a
// huge canvas (a decompression bomb) is refused without allocating it. 50 MP
// covers current phone cameras; at 4–8 bytes a pixel a full decode stays
// under ~400 MB.
const MaxPixels = 50_000_000

// Info is what Inspect learns from an image's bytes.
type Info struct {
	Format  string     // "PNG", "JPEG", "GIF" or "WebP"
	Width   int        // pixels
	Height  int        // pixels
	Bytes   int        // size of the encoded file
	SHA256  string     // hex SHA-256 of the encoded file: its blob store key
	TakenAt *time.Time // EXIF DateTimeOriginal (or DateTime); nil when absent
}

// formatNames maps an image package format name ("png") to its display name
// and MIME type; ok is false for formats this package does not handle.
func formatNames(format string) (name, mime string, ok bool) {
	switch format {
	case "png":
		return "PNG", "image/png", true
	case "jpeg":
		return "JPEG", "image/jpeg", true
	case "gif":
		return "GIF", "image/gif", true
	case "webp":
		return "WebP", "image/webp", true
	}
	return "", "", false
}

// Sniff returns the content type of data from its bytes alone, never from a
// header: http.DetectContentType first (cheap, knows non-images), then the
// registered image decoders confirm the format. It fails with CauseNotImage
// for non-images ("not an image: text/html"), CauseUnsupported for images
// that cannot be decoded here (BMP, ICO…), CauseCorrupt for a damaged header.
func Sniff(data []byte) (string, error) {
	if len(data) == 0 {
		return "", newError(CauseNotImage, nil, "not an image: empty content")
	}
	detected := mediaType(http.DetectContentType(data))
	if !strings.HasPrefix(detected, "image/") {
		return "", newError(CauseNotImage, nil, "not an image: %s", detected)
	}
	_, format, err := image.DecodeConfig(bytes.NewReader(data))
	if errors.Is(err, image.ErrFormat) {
		return "", newError(CauseUnsupported, err, "unsupported image format: %s (supported: PNG, JPEG, GIF, WebP)", detected)
	}
	if err != nil {
		return "", corrupt(detected, err)
	}
	_, mime, ok := formatNames(format)
	if !ok {
		return "", newError(CauseUnsupported, nil, "unsupported image format: %s (supported: PNG, JPEG, GIF, WebP)", format)
	}
	return mime, nil
}

// mediaType drops parameters: "text/html; charset=utf-8" → "text/html".
func mediaType(ct string) string {
	mt, _, _ := strings.Cut(ct, ";")
	return strings.TrimSpace(mt)
}

// corrupt builds "truncated or corrupt PNG: unexpected EOF" from a MIME type
// or format name and the decoder's error.
func corrupt(formatOrMIME string, err error) *Error {
	name := strings.TrimPrefix(formatOrMIME, "image/")
	if display, _, ok := formatNames(name); ok {
		name = display
	} else {
		name = strings.ToUpper(name)
	}
	return newError(CauseCorrupt, err, "truncated or corrupt %s: %v", name, err)
}

// Inspect validates data as a PNG, JPEG, GIF or WebP image and describes it.
// The header is read first to enforce MaxPixels; then the whole image is
// decoded, because a truncated file often has an intact header. For an
// animated GIF only the first frame is decoded: decoding every frame would
// let a small file allocate frames×pixels. EXIF problems never fail Inspect;
// they only leave TakenAt nil.
func Inspect(data []byte) (Info, error) {
	if _, err := Sniff(data); err != nil {
		return Info{}, err
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Info{}, corrupt(format, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return Info{}, corrupt(format, errors.New("zero width or height"))
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return Info{}, newError(CauseTooManyPixels, nil,
			"image too large to decode: %d×%d pixels exceeds %d megapixels",
			cfg.Width, cfg.Height, MaxPixels/1_000_000)
	}
	if err := decodeFully(data, format); err != nil {
		return Info{}, corrupt(format, err)
	}
	sum := sha256.Sum256(data)
	return Info{
		Format:  displayName(format),
		Width:   cfg.Width,
		Height:  cfg.Height,
		Bytes:   len(data),
		SHA256:  hex.EncodeToString(sum[:]),
		TakenAt: takenAt(data, format),
	}, nil
}

func displayName(format string) string {
	name, _, _ := formatNames(format)
	return name
}

func decodeFully(data []byte, format string) error {
	if format == "gif" {
		_, err := gif.Decode(bytes.NewReader(data))
		return err
	}
	_, _, err := image.Decode(bytes.NewReader(data))
	return err
}
