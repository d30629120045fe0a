package media

import (
	"bytes"
	"encoding/binary"
	"strings"
	"time"

	"github.com/rwcarlsen/goexif/exif"
)

// takenAt returns the EXIF capture time of an image, or nil. EXIF times carry
// no zone (OffsetTimeOriginal is not read by goexif), so the wall-clock
// reading is returned as UTC: "taken 2024-05-01" must not shift by the
// server's time zone.
func takenAt(data []byte, format string) *time.Time {
	var raw []byte
	switch format {
	case "jpeg":
		raw = jpegExif(data)
	case "png":
		raw = pngExif(data)
	case "webp":
		raw = webpExif(data)
	}
	if len(raw) == 0 {
		return nil
	}
	return exifTime(raw)
}

// exifTime parses a raw EXIF block (TIFF header, optionally preceded by
// "Exif\0\0"). goexif walks attacker-controlled offsets and has panicked on
// fuzzed input in the past; a bad date must never take down a capture
// worker, so a panic is turned into "no date".
func exifTime(raw []byte) (t *time.Time) {
	defer func() {
		if recover() != nil {
			t = nil
		}
	}()
	x, err := exif.Decode(bytes.NewReader(raw))
	if x == nil || (err != nil && exif.IsCriticalError(err)) {
		return nil
	}
	for _, name := range []exif.FieldName{exif.DateTimeOriginal, exif.DateTime} {
		tag, err := x.Get(name)
		if err != nil {
			continue
		}
		s, err := tag.StringVal()
		if err != nil {
			continue
		}
		v, err := time.Parse("2006:01:02 15:04:05", strings.TrimRight(strings.TrimSpace(s), "\x00"))
		if err != nil || v.Year() < 1826 { // first photograph; earlier is a bogus default
			continue
		}
		return &v
	}
	return nil
}

// jpegExif returns the TIFF block of the first APP1 "Exif" segment. It walks
// the marker segments before the image data (SOS) only, unlike goexif's own
// JPEG scan which searches the whole file for an APP1 byte pattern.
func jpegExif(data []byte) []byte {
	i := 2 // after SOI
	for i+4 <= len(data) {
		if data[i] != 0xFF {
			return nil
		}
		marker := data[i+1]
		switch {
		case marker == 0xFF: // fill byte
			i++
			continue
		case marker == 0xDA || marker == 0xD9: // start of scan, end of image
			return nil
		case marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7): // no length
			i += 2
			continue
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return nil
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
			return seg[6:]
		}
		i += 2 + n
	}
	return nil
}

// pngExif returns the payload of the eXIf chunk (a TIFF block).
func pngExif(data []byte) []byte {
	i := 8 // after the signature
	for i+8 <= len(data) {
		n := int(binary.BigEndian.Uint32(data[i:]))
		typ := string(data[i+4 : i+8])
		if n < 0 || n > len(data)-i-12 {
			return nil
		}
		if typ == "eXIf" {
			return data[i+8 : i+8+n]
		}
		if typ == "IEND" {
			return nil
		}
		i += 12 + n // length, type, data, CRC
	}
	return nil
}

// webpExif returns the payload of the RIFF "EXIF" chunk of an extended WebP.
func webpExif(data []byte) []byte {
	i := 12 // after "RIFF", size, "WEBP"
	for i+8 <= len(data) {
		typ := string(data[i : i+4])
		n := int(binary.LittleEndian.Uint32(data[i+4:]))
		if n < 0 || n > len(data)-i-8 {
			return nil
		}
		if typ == "EXIF" {
			return data[i+8 : i+8+n]
		}
		i += 8 + n + n%2 // chunks are padded to an even size
	}
	return nil
}
