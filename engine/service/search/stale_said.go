package search

import (
	"context"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A turn is kept as said, and what it said may be changed later by words no
// fact ever held: "our jobs use retry: 25" keeps a fact about the jobs'
// queue, and "email jobs get retry: 5 from now on" changes the retry count
// without a fact to supersede. A turn shown in its fact's place
// (said_more.go) must not bring such a value back, so it is read against
// what was said after it: a later memory that gives one of its settings
// another value, or that says a thing it names was changed or dropped,
// makes it stale. The readers are deliberately plain (a few regular
// expressions, no model): a turn wrongly judged stale is only shown as its
// fact, as it was before, while one wrongly judged current shows an old
// value.

// said is what a turn states, read once for comparing with each later
// memory: its settings (settingsIn), its index terms and the listed tools
// it names.
type said struct {
	settings map[string]string
	words    map[string]bool
	tools    map[string]string
}

func readSaid(s string) said {
	return said{settings: settingsIn(s), words: stemSet(s), tools: toolsIn(s)}
}

// changedBy reports whether a later text changes something the turn
// states: a setting given another value (settingsIn), a thing it names
// said to be replaced or dropped (change.old), a thing it names given a
// value it does not name (change.thing, change.value), or a tool it names
// replaced by another of its kind (oldToolNamed).
func (s said) changedBy(later string) bool {
	if hasSettingChange(s.settings, settingsIn(later)) || oldToolNamed(s.tools, later) {
		return true
	}
	for _, c := range changesIn(later) {
		if c.old != "" && names(s.words, c.old) {
			return true
		}
		if c.thing != "" && c.value != "" && names(s.words, c.thing) && !names(s.words, c.value) {
			return true
		}
	}
	return false
}

// hasSettingChange reports whether a later setting gives a key of said's
// another value.
func hasSettingChange(said, later map[string]string) bool {
	for k, v := range later {
		if old, ok := said[k]; ok && old != v {
			return true
		}
	}
	return false
}

// settingRe finds a setting written as configuration is, `key: value` or
// `key = value` ("retry: 25", "debian_release: bullseye",
// "pool_size = 20"): group 1 the key, 2 the value.
var settingRe = lazyre.New(`(?:^|[\s(\x60{,\[])([A-Za-z_][A-Za-z0-9_]*(?:[.\-][A-Za-z0-9_]+)*)\s?[:=]\s*["']?([^\s,;)}\]\x60"']+)`)

// settingsIn returns the settings text states, key → value: those written
// as configuration (settingRe), and those set in words ("set the retry
// count to 5", changesIn). A key must look like one (configKey), so a
// speaker's label or a heading ("Summary: …") is none.
func settingsIn(s string) map[string]string {
	var out map[string]string
	add := func(k, v string) {
		k, v = phraseKey(k), phraseKey(v)
		if k == "" || v == "" {
			return
		}
		if out == nil {
			out = map[string]string{}
		}
		out[k] = v
	}
	if strings.ContainsAny(s, ":=") {
		for _, m := range settingRe.FindAllStringSubmatchIndex(s, -1) {
			key, value := s[m[2]:m[3]], strings.TrimRight(s[m[4]:m[5]], ".!?")
			if strings.HasPrefix(s[m[3]:], "::") || !configKey(key) || !settingValue(value, s[m[5]:]) {
				continue
			}
			add(key, value)
		}
	}
	for _, c := range changesIn(s) {
		if c.thing != "" && c.value != "" {
			add(c.thing, c.value)
		}
	}
	return out
}

// configKey reports whether a word before a colon or an equals sign names
// a setting: written as code is (an underscore, a dot, a hyphen or a digit
// in it), or a lower-case word that is not a scheme or a note's heading.
func configKey(k string) bool {
	if strings.ContainsAny(k, "_.-0123456789") {
		return true
	}
	return k == strings.ToLower(k) && !notSettingKeys[k]
}

// notSettingKeys are lower-case words written before a colon that head a
// note or a link, not a setting.
var notSettingKeys = text.WordSet(`http https ftp file mailto note notes todo fyi ps btw update edit tip hint warning error
info tldr reminder question answer summary example eg step result status re subject important context problem
solution reason source date time also actually edit plan next idea task goal fix bug`)

// settingValue reports whether v, followed by rest, is a setting's value:
// a number or a symbol, or one word that ends its clause ("bullseye" in
// "debian_release: bullseye", not "what's" in "hey: what's up").
func settingValue(v, rest string) bool {
	if v == "" || text.IsStopWord(strings.ToLower(v)) {
		return false
	}
	if strings.ContainsAny(v, "0123456789:*~^<>") {
		return true
	}
	rest = strings.TrimLeft(rest, ".!?")
	if rest == "" {
		return true
	}
	switch rest[0] {
	case ',', ';', ')', '}', ']', '`', '"', '\'', '\n':
		return true
	}
	return strings.HasPrefix(rest, " and ")
}

// laterRead is how many later memories a turn is read against: those that
// share most of its words (BM25), where a change to what it says is found.
const laterRead = 32

// changedLater reports whether something said after the turn ep, by the
// same user in the same project, changes what it states (said.changedBy).
// The turn is read with the reply to it (replyTo), which a client may show
// with it (the coding-agent plugin does, hooks/answer.go): a reply reports
// the tools of its day ("`pnpm -r test` passes"). A turn that cannot be
// read against what followed counts as changed: its fact is shown, as it
// was before turns were shown in its place.
func (e *Searcher) changedLater(ctx context.Context, rd *reads, shard *index.Shard, ep *engine.Memory) bool {
	row, ok := shard.Get(ep.ID)
	if !ok {
		return true
	}
	reply := replyTo(shard, &row)
	keep := func(r *index.Row) bool {
		return r.State != engine.StatePending && r.State != engine.StateFailed && r.Anchor != row.ID && r.ID != reply &&
			sameScope(&row, r) && index.SaidOrder(r, &row) > 0
	}
	hits := shard.TextSearch(text.Unique(text.AnalyzeQuery(ep.Text)), nil, e.cfg.BM25K1, e.cfg.BM25B, keep, laterRead)
	ids := make([]string, 0, len(hits)+1)
	for _, h := range hits {
		ids = append(ids, h.ID)
	}
	if reply != "" {
		ids = append(ids, reply)
	}
	if len(ids) == 0 {
		return false
	}
	mems, err := rd.Load(ctx, ids)
	if err != nil {
		return true
	}
	saidText := ep.Text
	if n := len(mems); reply != "" && n > 0 && mems[n-1].ID == reply {
		saidText, mems = saidText+"\n"+mems[n-1].Text, mems[:n-1]
	}
	s := readSaid(saidText)
	for _, m := range mems {
		if s.changedBy(m.Text) {
			return true
		}
	}
	return false
}

// replyTo returns the id of the turn that answers ep: the next turn of its
// conversation, when another speaker said it ("" when there is none).
func replyTo(shard *index.Shard, ep *index.Row) string {
	after := shard.Turns([]string{ep.ID}, 1)[ep.ID].After
	if len(after) == 0 {
		return ""
	}
	if r, ok := shard.Get(after[0]); ok && r.Episode && r.Speaker != ep.Speaker {
		return r.ID
	}
	return ""
}

// sameScope reports whether r was said where the turn ep was: the same
// project, or no project on either side (a user's memories outside any
// project hold in all of them).
func sameScope(ep, r *index.Row) bool {
	return ep.Project == "" || r.Project == "" || engine.SameName(ep.Project, r.Project)
}
