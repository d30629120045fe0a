package text

import "strings"

// FenceLine reports whether line opens or closes a Markdown fenced block (``` or ~~~,
// after any indent): pasted code or output, which says nothing in a person's words.
func FenceLine(line string) bool {
	l := strings.TrimLeft(line, " \t\n\f\r")
	return strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~")
}

// OutsideFences returns s without its fenced blocks (FenceLine to FenceLine, or to the
// end), its other lines joined by "\n".
func OutsideFences(s string) string {
	var out []string
	fenced := false
	for _, line := range strings.Split(s, "\n") {
		if FenceLine(line) {
			fenced = !fenced
			continue
		}
		if !fenced {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
