package media

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/memsvc/memsvc/text"
)

// Limits that keep a description a searchable sentence, not a dump.
const (
	maxHints     = 5
	maxHintRunes = 300
	maxURLRunes  = 300
	maxTextRunes = 1000
)

// DescribeInput is what is known about an image besides its bytes.
type DescribeInput struct {
	// SourceURL is where the image was fetched from; empty for inline images.
	SourceURL string
	// Hints are the words given with the image in the same batch (other
	// add_memories items, a REST text), verbatim.
	Hints []string
	// Caption is a vision model's description, when one ran.
	Caption string
	// VisibleText is text a vision model read in the image, when any.
	VisibleText string
}

// Describe writes the text stored as an image memory. It states only what is
// known: with a caption it leads with the caption; without one it is an
// honest summary (format, dimensions, size, capture date, source, the words
// shared with it), never an invented description. Example:
//
//	Image (PNG, 640×480, 12 KB) from https://example.com/cat.png, taken 2024-05-01. Shared with: 'our cat Miso on the sofa'
func Describe(info Info, d DescribeInput) string {
	var parts []string
	if c := clean(d.Caption, maxTextRunes); c != "" {
		parts = append(parts, sentence(c))
	}
	if t := clean(d.VisibleText, maxTextRunes); t != "" {
		parts = append(parts, fmt.Sprintf("Text in image: '%s'.", t))
	}
	parts = append(parts, facts(info, d.SourceURL))
	if hints := cleanHints(d.Hints); len(hints) > 0 {
		parts = append(parts, "Shared with: '"+strings.Join(hints, "'; '")+"'")
	}
	return strings.Join(parts, " ")
}

// facts renders "Image (PNG, 640×480, 12 KB) from <url>, taken <date>."
func facts(info Info, sourceURL string) string {
	var details []string
	if info.Format != "" {
		details = append(details, info.Format)
	}
	if info.Width > 0 && info.Height > 0 {
		details = append(details, fmt.Sprintf("%d×%d", info.Width, info.Height))
	}
	if info.Bytes > 0 {
		details = append(details, humanSize(info.Bytes))
	}
	var b strings.Builder
	if src := displayURL(sourceURL); src != "" {
		b.WriteString("Image")
		writeDetails(&b, details)
		b.WriteString(" from " + src)
	} else {
		b.WriteString("Inline image")
		writeDetails(&b, details)
	}
	if info.TakenAt != nil {
		b.WriteString(", taken " + info.TakenAt.Format("2006-01-02"))
	}
	b.WriteString(".")
	return b.String()
}

func writeDetails(b *strings.Builder, details []string) {
	if len(details) > 0 {
		b.WriteString(" (" + strings.Join(details, ", ") + ")")
	}
}

// displayURL drops any password from the URL (it must not end up in a
// searchable memory) and shortens very long URLs.
func displayURL(raw string) string {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return ""
	}
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		u.User = nil
		raw = u.String()
	}
	return text.Clip(raw, maxURLRunes)
}

// humanSize renders a file size the way people say it: "512 bytes",
// "12 KB", "3.4 MB".
func humanSize(n int) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return fmt.Sprintf("%d KB", (n+512)/1024)
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
}

func cleanHints(hints []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, h := range hints {
		h = clean(h, maxHintRunes)
		if h == "" || seen[h] {
			continue
		}
		seen[h] = true
		out = append(out, h)
		if len(out) == maxHints {
			break
		}
	}
	return out
}

// clean collapses whitespace (hints may be multi-line) and caps the length.
func clean(s string, maxRunes int) string {
	return text.Clip(strings.Join(strings.Fields(s), " "), maxRunes)
}

// sentence ends s with a full stop unless it already ends a sentence.
func sentence(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "…") {
		return s
	}
	return s + "."
}
