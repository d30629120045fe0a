package media

import (
	"encoding/base64"
	"testing"
)

// FuzzInspect checks that no input makes Inspect (decoders, EXIF walking)
// panic; seeds run with every `go test`.
func FuzzInspect(f *testing.F) {
	f.Add(pngBytes(f, 4, 4))
	f.Add(withJPEGExif(jpegBytes(f, 4, 4), tiffWithDate("2024:05:01 14:30:00")))
	f.Add(withPNGChunk(pngBytes(f, 2, 2), "eXIf", tiffWithDate("2024:05:01 14:30:00")))
	f.Add(webpWithExif(webpBytes(f, "lossless-1x1.webp"), tiffWithDate("2024:05:01 14:30:00")))
	f.Add(gifBytes(f, 2, 2))
	f.Fuzz(func(t *testing.T, data []byte) {
		info, err := Inspect(data)
		if err == nil && (info.Width <= 0 || info.Height <= 0 || info.SHA256 == "") {
			t.Errorf("Inspect succeeded with incomplete info %+v", info)
		}
	})
}

// FuzzClassify checks that Classify never panics and that whatever it calls
// bare base64 really starts with image magic.
func FuzzClassify(f *testing.F) {
	f.Add("hello world")
	f.Add("https://example.com/cat.png")
	f.Add("data:image/png;base64,iVBORw0KGgo=")
	f.Add(base64.StdEncoding.EncodeToString(pngBytes(f, 2, 2)))
	f.Fuzz(func(t *testing.T, item string) {
		ref, ok := Classify(item)
		if ok && ref.Kind == KindBase64 && !hasImageMagic(ref.Data) {
			t.Errorf("Classify(%q) = base64 without image magic", item)
		}
	})
}
