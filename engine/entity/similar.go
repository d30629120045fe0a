package entity

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// matchKind orders name evidence by how much context it needs.
type matchKind int

const (
	kindNone    matchKind = iota
	kindPartial           // one name is a part of the other ("Bob" / "Bob Smith"): needs context
	kindVariant           // a spelling variant ("Postgres" / "PostgreSQL")
	kindStrong            // the same name in another form ("NYC" / "New York City")
)

// nameMatch is the name evidence between two entities.
type nameMatch struct {
	kind   matchKind
	base   float64 // score before context
	reason string
	// directional matches have a reduced side (a part of a name, an
	// initialism, a user name) that could refer to several entities; aShort
	// says it is a.
	directional bool
	aShort      bool
}

// form is one name of an entity, pre-processed for comparison.
type form struct {
	raw    string
	norm   string
	core   []string // tokens without titles, legal suffixes, "the" and "project"
	coreK  string   // core joined by spaces
	compK  string   // core joined without spaces
	ident  bool     // an email address or @handle
	local  string   // identifier user part, letters only ("bob.smith" → "bobsmith")
	lparts []string // identifier user part split at separators ("bob", "smith")
	domain string   // email domain's first label ("acme" for bob@acme.io)
	short  bool     // an initialism ("NYC") or numeronym ("K8s")
}

func newForm(name, typ string) form {
	f := form{raw: name, norm: Normalize(name)}
	switch {
	case typ == TypeEmail || (strings.Contains(name, "@") && !strings.HasPrefix(name, "@")):
		at := strings.LastIndexByte(name, '@')
		f.ident = true
		f.lparts = tokens(Normalize(stripDigits(name[:at])))
		if labels := strings.Split(strings.ToLower(name[at+1:]), "."); len(labels) > 0 {
			f.domain = Normalize(labels[0])
		}
	case typ == TypeHandle || strings.HasPrefix(name, "@"):
		f.ident = true
		f.lparts = tokens(Normalize(stripDigits(strings.TrimPrefix(name, "@"))))
	}
	if f.ident {
		f.local = strings.Join(f.lparts, "")
		return f
	}
	f.core = coreTokens(tokens(f.norm))
	f.coreK, f.compK = strings.Join(f.core, " "), strings.Join(f.core, "")
	f.short = isAcronym(name) || numeroRe.MatchString(f.norm)
	return f
}

func stripDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return ' '
		}
		return r
	}, s)
}

// coreTokens drops words that do not change what a name refers to: leading
// titles and "the"/"project", trailing legal suffixes ("Inc"), and
// generational suffixes.
func coreTokens(ts []string) []string {
	for len(ts) > 1 && (isHonorific(ts[0]) || ts[0] == "the" || ts[0] == "project") {
		ts = ts[1:]
	}
	for len(ts) > 1 && (isLegalSuffix(ts[len(ts)-1]) || ts[len(ts)-1] == "jr" || ts[len(ts)-1] == "sr") {
		ts = ts[:len(ts)-1]
	}
	return ts
}

// isAcronym reports a name written as capital letters only ("NYC", "N.Y.C.").
func isAcronym(name string) bool {
	n := 0
	for _, r := range name {
		switch {
		case unicode.IsUpper(r):
			n++
		case r == '.' || r == ' ':
		default:
			return false
		}
	}
	return n >= 2 && n <= 6
}

// initials returns the initial letters of ts, and of ts without small words.
func initials(ts []string) (all, content string) {
	var a, c strings.Builder
	for _, t := range ts {
		r := []rune(t)[0]
		a.WriteRune(r)
		if !isNameStop(t) {
			c.WriteRune(r)
		}
	}
	return a.String(), c.String()
}

// compatible reports whether entities of types a and b may be the same
// thing: a person never merges with a place, an email may merge with a
// person, an unknown ("other" or empty) type with anything but a URL.
func compatible(a, b string) bool {
	if a == "" {
		a = TypeOther
	}
	if b == "" {
		b = TypeOther
	}
	if a == b {
		return true
	}
	if a == TypeURL || b == TypeURL {
		return false
	}
	if a == TypeOther || b == TypeOther {
		return true
	}
	in := func(set ...string) bool {
		ia, ib := false, false
		for _, t := range set {
			ia = ia || t == a
			ib = ib || t == b
		}
		return ia && ib
	}
	return in(TypePerson, TypeEmail, TypeHandle) || in(TypeOrganization, TypeTool, TypeProject, TypeHandle)
}

// matchForms compares two names of entities of types ta and tb.
func matchForms(x, y form, ta, tb string) nameMatch {
	switch {
	case x.ident && y.ident:
		return matchIdents(x, y)
	case x.ident:
		return matchIdentName(x, y, true)
	case y.ident:
		return matchIdentName(y, x, false)
	}
	if x.norm == "" || y.norm == "" {
		return nameMatch{}
	}
	if x.norm == y.norm {
		return nameMatch{kind: kindStrong, base: 1, reason: fmt.Sprintf("'%s' and '%s' are the same name", x.raw, y.raw)}
	}
	if x.coreK == y.coreK {
		return nameMatch{kind: kindStrong, base: 0.95, reason: fmt.Sprintf("'%s' and '%s' differ only by a title, prefix or suffix", x.raw, y.raw)}
	}
	if x.compK == y.compK {
		return nameMatch{kind: kindStrong, base: 0.9, reason: fmt.Sprintf("'%s' and '%s' are the same name spaced differently", x.raw, y.raw)}
	}
	if m, ok := matchShort(x, y, true); ok {
		return m
	}
	if m, ok := matchShort(y, x, false); ok {
		return m
	}
	if m, ok := matchPartial(x, y, ta == TypePerson && tb == TypePerson); ok {
		return m
	}
	return matchVariant(x, y, ta == TypePerson || tb == TypePerson)
}

// matchShort recognises s as the initialism ("NYC") or numeronym ("K8s") of l.
func matchShort(s, l form, sIsA bool) (nameMatch, bool) {
	if !s.short || len(s.core) != 1 {
		return nameMatch{}, false
	}
	short := strings.ReplaceAll(s.norm, " ", "")
	if len(l.core) >= 2 {
		all, content := initials(l.core)
		if short == all || short == content {
			return nameMatch{kind: kindStrong, base: 0.9, directional: true, aShort: sIsA,
				reason: fmt.Sprintf("'%s' is the initialism of '%s'", s.raw, l.raw)}, true
		}
	}
	if numeroRe.MatchString(short) && len(l.core) == 1 {
		w := []rune(l.core[0])
		n, _ := strconv.Atoi(short[1 : len(short)-1])
		if len(w) == n+2 && w[0] == rune(short[0]) && w[len(w)-1] == rune(short[len(short)-1]) {
			return nameMatch{kind: kindStrong, base: 0.9, directional: true, aShort: sIsA,
				reason: fmt.Sprintf("'%s' is the numeronym of '%s'", s.raw, l.raw)}, true
		}
	}
	return nameMatch{}, false
}

// matchPartial recognises one name as the beginning, the end, or the first
// and last words of the other ("Bob" / "Bob Smith", "Smith" / "Bob Smith",
// "Acme" / "Acme Labs"), and for two people a given name that is a prefix
// of the other's ("Alex" / "Alexander Smith").
func matchPartial(x, y form, people bool) (nameMatch, bool) {
	s, l, aShort := x, y, true
	if len(s.core) > len(l.core) {
		s, l, aShort = y, x, false
	}
	n, m := len(s.core), len(l.core)
	if n == 0 || n >= m {
		return nameMatch{}, false
	}
	join := func(ts []string) string { return strings.Join(ts, " ") }
	sc := join(s.core)
	if sc == join(l.core[:n]) || sc == join(l.core[m-n:]) || (n == 2 && sc == l.core[0]+" "+l.core[m-1]) {
		return nameMatch{kind: kindPartial, base: 0.65, directional: true, aShort: aShort,
			reason: fmt.Sprintf("'%s' is part of '%s'", s.raw, l.raw)}, true
	}
	first := s.core[0]
	if people && n == 1 && len(first) >= 3 && strings.HasPrefix(l.core[0], first) {
		return nameMatch{kind: kindPartial, base: 0.55, directional: true, aShort: aShort,
			reason: fmt.Sprintf("'%s' may be short for '%s'", s.raw, l.raw)}, true
	}
	return nameMatch{}, false
}

// matchVariant recognises spelling variants: names with the same words but
// one, spelled slightly differently. For people a nickname of the given name
// counts ("Bob Brown" / "Robert Brown"), and a one-letter typo in a long word
// ("Jonathon" / "Jonathan") with a low base score, since similar given names
// are often different people ("Maria" / "Mario", "Daniel" / "Danielle").
func matchVariant(x, y form, person bool) nameMatch {
	if len(x.core) != len(y.core) || len(x.core) == 0 {
		return nameMatch{}
	}
	diff := -1
	for i := range x.core {
		if x.core[i] != y.core[i] {
			if diff >= 0 {
				return nameMatch{}
			}
			diff = i
		}
	}
	if diff < 0 {
		return nameMatch{}
	}
	if person && diff == 0 && givenName(x.core[0]) == givenName(y.core[0]) {
		return nameMatch{kind: kindVariant, base: 0.65,
			reason: fmt.Sprintf("'%s' and '%s' differ by a nickname", x.raw, y.raw)}
	}
	a, b := []rune(x.core[diff]), []rune(y.core[diff])
	if len(a) < 5 || len(b) < 5 {
		return nameMatch{}
	}
	ok := jaroWinkler(a, b) >= 0.92
	if person {
		ok = len(a) == len(b) && oneEdit(a, b)
	}
	if !ok {
		return nameMatch{}
	}
	base := 0.72
	if person {
		base = 0.5 // a one-letter difference between people needs strong context ("Maria" / "Mario")
	}
	return nameMatch{kind: kindVariant, base: base, reason: fmt.Sprintf("'%s' and '%s' are spelling variants", x.raw, y.raw)}
}

// oneEdit reports equal-length words that differ by one substitution or one
// transposition of neighbours.
func oneEdit(a, b []rune) bool {
	var d []int
	for i := range a {
		if a[i] != b[i] {
			d = append(d, i)
		}
	}
	switch len(d) {
	case 1:
		return true
	case 2:
		return d[1] == d[0]+1 && a[d[0]] == b[d[1]] && a[d[1]] == b[d[0]]
	}
	return false
}

// matchIdents compares two identifiers by their user parts.
func matchIdents(x, y form) nameMatch {
	if x.local != "" && len(x.local) >= 3 && x.local == y.local && x.domain == y.domain {
		return nameMatch{kind: kindStrong, base: 0.8, reason: fmt.Sprintf("'%s' and '%s' have the same user name", x.raw, y.raw)}
	}
	return nameMatch{}
}

// matchIdentName compares an email address or handle with a name: the user
// part may spell the whole name ("bob.smith", "bsmith", "alicej") or only a
// given name or surname ("bob"), which is a partial match.
func matchIdentName(id, name form, idIsA bool) nameMatch {
	ts := name.core
	if len(id.local) < 3 || len(ts) == 0 {
		return nameMatch{}
	}
	full := func(reason string) nameMatch {
		return nameMatch{kind: kindStrong, base: 0.85, directional: true, aShort: idIsA, reason: fmt.Sprintf(reason, id.raw, name.raw)}
	}
	if len(ts) == 1 {
		if id.local == ts[0] {
			return nameMatch{kind: kindStrong, base: 0.8, directional: true, aShort: idIsA,
				reason: fmt.Sprintf("the user name of '%s' is '%s'", id.raw, name.raw)}
		}
		return nameMatch{}
	}
	first, last := ts[0], ts[len(ts)-1]
	f0, l0 := string([]rune(first)[0]), string([]rune(last)[0])
	switch id.local {
	case strings.Join(ts, ""), first + last, last + first, f0 + last, first + l0, last + f0:
		return full("the user name of '%s' spells '%s'")
	case first, last:
		return nameMatch{kind: kindPartial, base: 0.65, directional: true, aShort: idIsA,
			reason: fmt.Sprintf("the user name of '%s' is part of '%s'", id.raw, name.raw)}
	}
	return nameMatch{}
}

// jaroWinkler returns the Jaro-Winkler similarity of two words (0..1).
func jaroWinkler(a, b []rune) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	window := max(len(a), len(b))/2 - 1
	window = max(window, 0)
	ma, mb := make([]bool, len(a)), make([]bool, len(b))
	matches := 0
	for i := range a {
		for j := max(0, i-window); j < min(len(b), i+window+1); j++ {
			if !mb[j] && a[i] == b[j] {
				ma[i], mb[j] = true, true
				matches++
				break
			}
		}
	}
	if matches == 0 {
		return 0
	}
	transpositions, k := 0, 0
	for i := range a {
		if !ma[i] {
			continue
		}
		for !mb[k] {
			k++
		}
		if a[i] != b[k] {
			transpositions++
		}
		k++
	}
	m := float64(matches)
	jaro := (m/float64(len(a)) + m/float64(len(b)) + (m-float64(transpositions)/2)/m) / 3
	prefix := 0
	for prefix < min(4, len(a), len(b)) && a[prefix] == b[prefix] {
		prefix++
	}
	return jaro + float64(prefix)*0.1*(1-jaro)
}
