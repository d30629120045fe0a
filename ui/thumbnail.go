package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"

	// The decoders of every format an image memory may have (media.Sniff's
	// list); GIF is registered by image/gif through media.
	_ "image/gif"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp"

	"github.com/memsvc/memsvc/engine/media"
)

// thumbMax is the longest side of a thumbnail, in pixels: twice the
// 120-pixel box the pages show it in, for high-density screens.
const thumbMax = 240

// thumbnail downscales an image to fit thumbMax×thumbMax, keeping its
// aspect ratio. A JPEG stays a JPEG; other formats become PNG (they may
// be transparent). An image already small enough is returned as it is.
// An animated GIF is thumbnailed from its first frame.
func thumbnail(data []byte, contentType string) ([]byte, string, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, "", fmt.Errorf("thumbnail: %w", err)
	}
	if cfg.Width <= thumbMax && cfg.Height <= thumbMax {
		return data, contentType, nil
	}
	// Blobs were checked against MaxPixels when stored; checked again
	// because decoding is what a bomb would exploit.
	if int64(cfg.Width)*int64(cfg.Height) > media.MaxPixels {
		return nil, "", fmt.Errorf("thumbnail: %d×%d pixels is too large to decode", cfg.Width, cfg.Height)
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, "", fmt.Errorf("thumbnail: %w", err)
	}
	w, h := fit(cfg.Width, cfg.Height, thumbMax)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	// BiLinear widens its kernel by the scale factor when shrinking, so
	// every source pixel counts (ApproxBiLinear would alias).
	draw.BiLinear.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
	var buf bytes.Buffer
	if contentType == "image/jpeg" {
		err = jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 82})
	} else {
		contentType = "image/png"
		err = png.Encode(&buf, dst)
	}
	if err != nil {
		return nil, "", fmt.Errorf("thumbnail: encode: %w", err)
	}
	return buf.Bytes(), contentType, nil
}

// fit scales w×h down so its longest side is side, at least 1×1.
func fit(w, h, side int) (int, int) {
	if w >= h {
		return side, max(1, h*side/w)
	}
	return max(1, w*side/h), side
}
