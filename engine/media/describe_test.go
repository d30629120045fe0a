package media

import (
	"strings"
	"testing"
	"time"
)

func TestDescribe(t *testing.T) {
	taken := time.Date(2024, 5, 1, 9, 0, 0, 0, time.UTC)
	png := Info{Format: "PNG", Width: 640, Height: 480, Bytes: 12 * 1024, TakenAt: &taken}
	tests := []struct {
		name string
		info Info
		in   DescribeInput
		want string
	}{
		{"url with hint", png,
			DescribeInput{SourceURL: "https://example.com/cat.png", Hints: []string{"our cat Miso on the sofa"}},
			"Image (PNG, 640×480, 12 KB) from https://example.com/cat.png, taken 2024-05-01. Shared with: 'our cat Miso on the sofa'"},
		{"inline, no date, no hints", Info{Format: "GIF", Width: 1, Height: 1, Bytes: 43}, DescribeInput{},
			"Inline image (GIF, 1×1, 43 bytes)."},
		{"caption leads", Info{Format: "JPEG", Width: 4032, Height: 3024, Bytes: 3_565_158},
			DescribeInput{SourceURL: "https://example.com/p.jpg", Caption: "A tabby cat asleep on a grey sofa",
				VisibleText: "  WELCOME\nHOME "},
			"A tabby cat asleep on a grey sofa. Text in image: 'WELCOME HOME'. Image (JPEG, 4032×3024, 3.4 MB) from https://example.com/p.jpg."},
		{"hints cleaned and deduplicated", png,
			DescribeInput{Hints: []string{" our cat\n Miso ", "", "our cat Miso", "at home"}},
			"Inline image (PNG, 640×480, 12 KB), taken 2024-05-01. Shared with: 'our cat Miso'; 'at home'"},
		{"password dropped from URL", Info{Format: "PNG", Width: 2, Height: 2, Bytes: 2048},
			DescribeInput{SourceURL: "https://bob:secret@example.com/a.png"},
			"Image (PNG, 2×2, 2 KB) from https://example.com/a.png."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Describe(tt.info, tt.in); got != tt.want {
				t.Errorf("Describe =\n  %q\nwant\n  %q", got, tt.want)
			}
		})
	}
}

func TestDescribeCapsHints(t *testing.T) {
	long := strings.Repeat("word ", 200)
	var hints []string
	for i := range 10 {
		hints = append(hints, string(rune('a'+i))+long)
	}
	got := Describe(Info{Format: "PNG"}, DescribeInput{Hints: hints})
	if n := strings.Count(got, "'; '"); n != maxHints-1 {
		t.Errorf("Describe kept %d hints, want %d", n+1, maxHints)
	}
	if len([]rune(got)) > maxHints*(maxHintRunes+4)+100 {
		t.Errorf("Describe length %d runes, want it capped", len([]rune(got)))
	}
}
