package ui

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"

	"github.com/memsvc/memsvc/engine"
)

// pageTemplate is one page: the layout with the page's own blocks.
type pageTemplate = template.Template

// pageNames are the templates under templates/ that are whole pages; each
// is parsed with layout.html. Fragments (reconcile status) are pages too.
var pageNames = []string{"error", "signin", "memories", "memory", "delete", "deletemany", "deleted", "edit", "skills", "entities", "images", "timeline", "reconcile", "admin", "adminsignin", "users"}

func parsePages() (map[string]*pageTemplate, error) {
	funcs := template.FuncMap{
		"visible": visible,
		"ident":   ident,
		"when":    when,
		"short":   short,
		"query":   withQuery,
		"pct":     func(f float64) string { return fmt.Sprintf("%.3f", f) },
		"join":    strings.Join,
		"add":     func(a, b int) int { return a + b },
		// hasImage: the memory has a stored image to show (inline ones
		// from the start, fetched ones once captured).
		"hasImage": func(m *engine.Memory) bool { return m.Source != nil && m.Source.BlobSHA256 != "" },
		// imageMemory: an image capture, which an undoable delete cannot
		// keep (engine Deletion.Lost), whether or not its capture worked.
		"imageMemory": imageMemory,
		// correctable: only an active fact can be superseded by a
		// correction; an episode stays as said (engine Correct refuses both).
		"correctable": func(m *engine.Memory) bool { return m.State == engine.StateActive && !m.IsEpisode() },
		// under: path is section or a page beneath it (/memories/{id}),
		// so the navigation marks the section a page belongs to.
		"under":    func(path, section string) bool { return path == section || strings.HasPrefix(path, section+"/") },
		"metaText": engine.MetaText,
		"span":     span,
	}
	out := make(map[string]*pageTemplate, len(pageNames))
	for _, name := range pageNames {
		file := name
		if name == "reconcile" {
			file = "entities" // the job fragment is defined with the page that shows it
		}
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/"+file+".html")
		if err != nil {
			return nil, fmt.Errorf("ui: parse %s: %w", name, err)
		}
		out[name] = t
	}
	return out, nil
}

// view is what every template receives.
type view struct {
	Req  *request
	Data any
}

// render executes a page into a buffer first, so a template error is a
// clean 500 rather than half a page. A request from htmx asking for a
// fragment (HX-Target naming a block) is not special-cased: boosted pages
// swap the whole body.
func (u *UI) render(w http.ResponseWriter, req *request, status int, name string, data any) {
	if req == nil {
		req = &request{}
	}
	t := u.pages[name]
	entry := "layout.html"
	if name == "reconcile" {
		entry = "reconcile" // a fragment, polled by the entities page
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, entry, view{Req: req, Data: data}); err != nil {
		u.log.Error("dashboard template failed", "page", name, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// visible shows bidirectional controls and invisible characters as their
// code points, so text a client wrote (a memory, an app name) reads in the
// order it was written and hides nothing: a right-to-left override renders
// as text instead of reordering what follows it, and a zero-width space or
// a Unicode tag character (invisible, and a known way to smuggle
// instructions to a model) shows where it is. The zero-width joiners stay:
// emoji sequences and several scripts need them. html/template escapes the
// rest.
func visible(s string) string { return reveal(s, isHidden) }

// ident is visible for an identifier (a user id, an app, project, session,
// tag or entity name): every invisible formatting character is shown,
// joiners included, so two names that look alike are told apart.
func ident(s string) string {
	return reveal(s, func(r rune) bool { return isHidden(r) || unicode.Is(unicode.Cf, r) })
}

func reveal(s string, hidden func(rune) bool) string {
	if !strings.ContainsFunc(s, hidden) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if hidden(r) {
			fmt.Fprintf(&b, "[U+%04X]", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isHidden reports the characters a reader cannot see or that reorder
// what they see: bidirectional controls, zero-width and other invisible
// characters, and the Unicode tag block.
func isHidden(r rune) bool {
	switch {
	case r == '\u061C', r == '\u200E', r == '\u200F':
		return true
	case r >= '\u202A' && r <= '\u202E', r >= '\u2066' && r <= '\u2069':
		return true
	case r == '\u00AD', r == '\u034F', r == '\u180E', r == '\u200B', r == '\uFEFF':
		return true
	case r >= '\u2060' && r <= '\u2064':
		return true
	case r == '\u115F', r == '\u1160', r == '\u3164', r == '\uFFA0': // Hangul fillers: blank
		return true
	case r >= 0xE0000 && r <= 0xE007F: // tags
		return true
	}
	return false
}

// when formats a time (or a *time.Time; nil is "—") for reading, to the
// minute, in a <time> element whose datetime and tooltip hold the exact
// instant: memories stored in the same minute read alike, and a reader or
// an assistive tool can still tell and order them.
func when(v any) template.HTML {
	switch t := v.(type) {
	case time.Time:
		if t.IsZero() {
			return "—"
		}
		return whenAs(t, "2006-01-02 15:04 UTC")
	case *time.Time:
		if t == nil {
			return "—"
		}
		return when(*t)
	}
	return ""
}

// span formats a window from start to end (nil: still open, "now") so
// that its two ends never read alike: ends in the same minute are shown to
// the second, and a window that closed where it opened (a corrected text,
// which never held) says so instead of "12:45 → 12:45".
func span(from time.Time, to *time.Time) template.HTML {
	switch {
	case to == nil:
		return when(from) + " → now"
	case to.Equal(from):
		return when(from) + " (closed where it opened: it never held)"
	case !to.UTC().Truncate(time.Minute).Equal(from.UTC().Truncate(time.Minute)):
		return when(from) + " → " + when(*to)
	}
	out := whenAs(from, "2006-01-02 15:04:05") + " → " + whenAs(*to, "15:04:05 UTC")
	if to.UTC().Truncate(time.Second).Equal(from.UTC().Truncate(time.Second)) {
		out += " (under a second later)"
	}
	return out
}

// whenAs is when with the shown text in layout.
func whenAs(t time.Time, layout string) template.HTML {
	t = t.UTC()
	exact := t.Format(time.RFC3339Nano)
	return template.HTML(`<time datetime="` + exact + `" title="` + exact + `">` + t.Format(layout) + `</time>`)
}

// short cuts a text to n runes for a list.
func short(n int, s string) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// withQuery returns the current query with key set to value (for paging
// links that keep the filters).
func withQuery(q url.Values, key, value string) string {
	c := url.Values{}
	for k, v := range q {
		c[k] = append([]string(nil), v...)
	}
	c.Set(key, value)
	return "?" + c.Encode()
}
