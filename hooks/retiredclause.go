package hooks

import (
	"cmp"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A reply often gives several settings at once: "the pool reads two flags:
// `--pool_host=db.internal` and `--pool_max=20`", "settings.toml sets
// `workers: 4` and `queue_depth: 100`". When a later edit gives one of
// them another value (editedcode.go), the memory was left out whole, and
// with it the settings that did not change: a prompt about the one left
// alone got the changed one and nothing of its own (the twentieth
// coding-sessions evaluation, cmd/memsvc). A memory that names a setting an edit replaced
// is now shown without the parts of its sentences that name the old value
// (a list item, a clause between commas, colons or "and"), and left out
// only when nothing of substance is left.

// itemBreak joins the items of a sentence: a comma (with its "and" or
// "or"), a lone "and", a semicolon or a colon.
var itemBreak = lazyre.New(`,\s+(?:and\s+|or\s+)?|\s+and\s+|;\s+|:\s+`)

// minKeptWords is the fewest words a cut memory keeps, its speaker's label
// aside, to be shown at all.
const minKeptWords = 4

// cutSetting reports whether a retired name is a setting an edit gave
// another value: cut from a memory clause by clause, not hidden whole.
func cutSetting(name string) (string, bool) {
	code, ok := strings.CutPrefix(name, editMark)
	if !ok || strings.HasPrefix(code, "@") || !strings.Contains(code, " ") {
		return "", false
	}
	return code, true
}

// cutByClause reports whether a retired name is cut from a memory clause
// by clause rather than hiding it whole: a setting an edit replaced, a
// local port an edit moved (addressedit.go) or a rule the user revoked
// (revoked.go), which a memory often states among things that still hold.
func cutByClause(name string) bool {
	_, ok := cutSetting(name)
	return ok || retiredLocalPort(name) || strings.HasPrefix(name, revokeMark)
}

// withoutSettingClauses returns text without the items of its sentences
// that name one of the replaced settings (each setting's test built once,
// editedCodeMatcher), and false when what is left holds fewer than
// minKeptWords words.
func withoutSettingClauses(text string, settings []func(string) bool) (string, bool) {
	names := func(s string) bool {
		return slices.ContainsFunc(settings, func(named func(string) bool) bool { return named(s) })
	}
	label, body := speakerLabel(text)
	var lines []string
	for _, line := range strings.Split(body, "\n") {
		var kept []string
		for _, sn := range sentences(line) {
			if !names(sn) {
				kept = append(kept, sn)
				continue
			}
			if cut := withoutItems(sn, names); cut != "" {
				kept = append(kept, cut)
			}
		}
		if len(kept) > 0 {
			lines = append(lines, strings.Join(kept, " "))
		}
	}
	out := strings.Join(lines, "\n")
	return label + out, len(strings.Fields(out)) >= minKeptWords
}

// speakerLead is an episode's label: "Assistant: ".
var speakerLead = lazyre.New(`^[A-Z][A-Za-z]*: `)

// speakerLabel splits an episode's label from what was said.
func speakerLabel(text string) (label, said string) {
	label = speakerLead.FindString(text)
	return label, text[len(label):]
}

// withoutItems returns sentence sn without its items that names reports,
// its end punctuation kept; "" when every item goes.
func withoutItems(sn string, names func(string) bool) string {
	end := sentenceEnd(sn)
	body := strings.TrimSuffix(sn, end)
	breaks := outsideCode(body, itemBreak.FindAllStringIndex(body, -1))
	type item struct{ lead, text string }
	var items []item
	at := 0
	for _, b := range append(breaks, []int{len(body), len(body)}) {
		lead := ""
		if at > 0 {
			lead = body[breaks[len(items)-1][0]:at]
		}
		items = append(items, item{lead: lead, text: body[at:b[0]]})
		at = b[1]
	}
	var b strings.Builder
	lead := "" // the break before a run of items cut, which the next kept item takes
	for _, it := range items {
		if names(it.text) {
			lead = cmp.Or(lead, it.lead)
			continue
		}
		if b.Len() > 0 {
			b.WriteString(keptBreak(lead, it.lead))
		}
		lead = ""
		b.WriteString(it.text)
	}
	if b.Len() == 0 {
		return ""
	}
	return strings.TrimRight(b.String(), " ,;:") + end
}

// keptBreak is the break written before an item kept after a cut run of
// items (cut: the break before the run, "" when none was cut): a colon
// before the run still introduces what follows ("defaulting to 10 seconds:
// `A=10` and `B=10`" without `A=10` is "defaulting to 10 seconds:
// `B=10`"), any other break is the kept item's own ("sets `a` and `b`, with
// `c`" without `b` is "sets `a`, with `c`").
func keptBreak(cut, own string) string {
	if strings.HasPrefix(cut, ":") {
		return cut
	}
	return own
}
