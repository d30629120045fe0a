package ui

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"
)

func encoded(t *testing.T, w, h int, asJPEG bool) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, h/2, color.RGBA{255, 0, 0, 255})
	}
	var buf bytes.Buffer
	var err error
	if asJPEG {
		err = jpeg.Encode(&buf, img, nil)
	} else {
		err = png.Encode(&buf, img)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestThumbnailFitsTheBoxAndKeepsJPEG(t *testing.T) {
	tests := []struct {
		name         string
		w, h         int
		jpeg         bool
		wantW, wantH int
		wantType     string
	}{
		{"wide png", 1000, 500, false, 240, 120, "image/png"},
		{"tall jpeg", 300, 900, true, 80, 240, "image/jpeg"},
		{"a line", 5000, 2, false, 240, 1, "image/png"},
		{"already small", 200, 100, false, 200, 100, "image/png"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ct := "image/png"
			if tt.jpeg {
				ct = "image/jpeg"
			}
			src := encoded(t, tt.w, tt.h, tt.jpeg)
			out, gotType, err := thumbnail(src, ct)
			if err != nil {
				t.Fatal(err)
			}
			cfg, _, err := image.DecodeConfig(bytes.NewReader(out))
			if err != nil || cfg.Width != tt.wantW || cfg.Height != tt.wantH || gotType != tt.wantType {
				t.Errorf("%dx%d %s (%v), want %dx%d %s", cfg.Width, cfg.Height, gotType, err, tt.wantW, tt.wantH, tt.wantType)
			}
			if tt.w <= thumbMax && tt.h <= thumbMax && !bytes.Equal(out, src) {
				t.Error("a small image was re-encoded")
			}
		})
	}
	if _, _, err := thumbnail([]byte("<svg/>"), "image/png"); err == nil {
		t.Error("not an image: no error")
	}
}
