package engine

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// A name (a tag, session, project, speaker, metadata key, filter) is
// compared by its characters, but read by eye: two names that render the
// same and differ in a character no one sees file one user's memories
// under two scopes, silently, and a direction override makes a name read
// as another ("\u202Ekrow" shows as "work"). lookalikeProblem refuses what
// makes such a pair; the rest of the name rule is nameProblem's.

// joiningScripts are the scripts in which a zero-width joiner or non-joiner
// changes how letters are drawn (Arabic-type joining, Indic conjuncts), so
// "می\u200cخواهم" keeps its ZWNJ; in any other script it changes nothing one sees.
var joiningScripts = []*unicode.RangeTable{
	unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian, unicode.Devanagari, unicode.Bengali,
	unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya, unicode.Tamil, unicode.Telugu, unicode.Kannada,
	unicode.Malayalam, unicode.Sinhala, unicode.Myanmar, unicode.Khmer, unicode.Tibetan,
	unicode.Adlam, unicode.Hanifi_Rohingya, unicode.Mandaic, // joining scripts of Fula, Rohingya and Mandaic
}

// blankLetters are letters and symbols drawn as nothing at all, the usual
// way to forge an empty-looking or padded name (U+3164 HANGUL FILLER, the
// blank braille pattern) beside the format characters.
var blankLetters = &unicode.RangeTable{R16: []unicode.Range16{
	{Lo: 0x115f, Hi: 0x1160, Stride: 1}, {Lo: 0x2800, Hi: 0x2800, Stride: 1},
	{Lo: 0x3164, Hi: 0x3164, Stride: 1}, {Lo: 0xffa0, Hi: 0xffa0, Stride: 1},
}}

const (
	zwnj = '\u200c'
	zwj  = '\u200d'
)

// lookalikeProblem says what makes s look like another name, or "": an
// invisible or direction-changing character (a format character, a blank
// letter; a joiner only outside the contexts where it shows, joinerShows),
// a space other than U+0020, or one word spelt in Latin or Greek and
// Cyrillic letters at once ("w\u043erk", a Cyrillic o in a Latin word).
func lookalikeProblem(s string) string {
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case invisibleAt(rs, i):
			return fmt.Sprintf("contains an invisible or direction-changing character (U+%04X): "+
				"such a name looks like another and would file memories apart; remove it", r)
		case unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp) && r != ' ' && !wideSpaceAt(rs, i):
			return fmt.Sprintf("contains a space other than the ordinary one (U+%04X): type an ordinary space", r)
		}
	}
	if r := mixedScriptLetter(rs); r != 0 {
		return fmt.Sprintf("mixes Cyrillic letters with Latin or Greek ones in one word (U+%04X): "+
			"such a name looks like another; spell each word in one script", r)
	}
	if r := greekInLatinWord(rs); r != 0 {
		return fmt.Sprintf("holds a Greek letter drawn like a Latin one in a Latin word (U+%04X): "+
			"such a name looks like another; spell each word in one script", r)
	}
	return ""
}

// CleanName makes a name a program derived rather than a client sent (a
// directory's name as a coding agent's project) pass ValidateName:
// control, invisible and direction-changing characters dropped, an
// unusual space made ordinary; "" when it still does not (a word spelt in
// two look-alike scripts, an over-long name), as a write under no name
// beats a write refused.
func CleanName(s string) string {
	rs := []rune(strings.ToValidUTF8(s, ""))
	var b strings.Builder
	for i, r := range rs {
		switch {
		case invisibleAt(rs, i) || unicode.IsControl(r):
		case unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp) && !wideSpaceAt(rs, i):
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	out := strings.TrimSpace(b.String())
	if ValidateName("", out) != nil {
		return ""
	}
	return out
}

// ideographicSpace is the space a Chinese, Japanese or Korean input method
// types ("山田\u3000太郎", a family and a given name): drawn a whole
// character wide, it does not pass for an ordinary space.
const ideographicSpace = '\u3000'

// cjkScripts are the scripts whose writers' input methods type
// ideographicSpace.
var cjkScripts = []*unicode.RangeTable{unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Bopomofo}

// wideSpaceAt reports whether rs[i] is an ideographic space between two
// characters with a CJK letter beside it, the place an input method puts
// one; first, last or among Latin words it only pads or splits a name.
func wideSpaceAt(rs []rune, i int) bool {
	if rs[i] != ideographicSpace || i == 0 || i == len(rs)-1 {
		return false
	}
	return unicode.In(rs[i-1], cjkScripts...) || unicode.In(rs[i+1], cjkScripts...)
}

// invisibleAt reports whether rs[i] is a character lookalikeProblem
// refuses as invisible where it stands.
func invisibleAt(rs []rune, i int) bool {
	r := rs[i]
	switch {
	case (r == zwj || r == zwnj) && joinerShows(rs, i):
		return false
	case unicode.Is(unicode.Variation_Selector, r) && selectorShows(rs, i):
		return false
	case r >= tagFirst && r <= tagCancel && inFlagTags(rs, i):
		return false
	}
	return unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point, blankLetters)
}

// A subdivision flag is a black flag, tag characters spelling the region
// and a cancel tag: "🏴" then "gbsct" in tags then U+E007F is Scotland's.
// Only the recommended ones (England, Scotland, Wales) pass: an unknown
// spelling is drawn as the black flag alone, the tags unseen.
const (
	blackFlag = '\U0001F3F4'
	tagFirst  = '\U000E0020'
	tagCancel = '\U000E007F'
)

// flagRegions are the regions of the recommended subdivision flags.
var flagRegions = []string{"gbeng", "gbsct", "gbwls"}

// inFlagTags reports whether the tag character at rs[i] is part of a
// recommended subdivision flag.
func inFlagTags(rs []rune, i int) bool {
	start := i
	for start > 0 && rs[start-1] >= tagFirst && rs[start-1] < tagCancel {
		start--
	}
	end := i
	for end < len(rs) && rs[end] >= tagFirst && rs[end] < tagCancel {
		end++
	}
	if start == 0 || rs[start-1] != blackFlag || end == len(rs) || rs[end] != tagCancel {
		return false
	}
	region := make([]rune, 0, end-start)
	for _, t := range rs[start:end] {
		region = append(region, t-tagFirst+' ')
	}
	return slices.Contains(flagRegions, string(region))
}

// joinerShows reports whether the ZWJ or ZWNJ at rs[i] changes what is
// drawn: after a letter or mark of a joining script and before a letter
// or mark; a ZWJ there also at a word's end, where it still gives the
// letter before it its joining form (a Malayalam chillu written virama +
// ZWJ, "അവന്\u200d"; an Arabic abbreviation's open letter); or (a ZWJ)
// inside an emoji sequence ("👩\u200d💻").
func joinerShows(rs []rune, i int) bool {
	if i == 0 {
		return false
	}
	last := i == len(rs)-1
	if unicode.In(joinBase(rs, i), joiningScripts...) && (rs[i] == zwj || !last && unicode.In(rs[i+1], unicode.L, unicode.M)) {
		return true
	}
	return !last && rs[i] == zwj && isEmojiPart(rs[i-1]) && unicode.Is(unicode.So, rs[i+1])
}

// joinBase is the character the joiner at rs[i] follows, past the marks
// shared by many scripts (Inherited: Arabic's vowel signs, "لَ\u200cک"),
// which take the script of the letter they sit on.
func joinBase(rs []rune, i int) rune {
	j := i - 1
	for j > 0 && unicode.Is(unicode.Inherited, rs[j]) {
		j--
	}
	return rs[j]
}

// isEmojiPart reports a character an emoji ZWJ sequence may join after: an
// emoji (a symbol), a skin tone modifier, or the emoji presentation
// selector.
func isEmojiPart(r rune) bool { return unicode.In(r, unicode.So, unicode.Sk) || r == '\ufe0f' }

// selectorShows reports whether the variation selector at rs[i] selects a
// form of the character before it: after a symbol ("❤️"), an emoji that
// is punctuation ("‼️"), a digit, '#' or '*' (keycaps, "1️⃣"), a letter of
// a script with registered variants (CJK, Mongolian); never first, and never after a Latin, Greek or Cyrillic letter,
// where it draws nothing.
func selectorShows(rs []rune, i int) bool {
	if i == 0 {
		return false
	}
	prev := rs[i-1]
	switch {
	case unicode.Is(emojiPunctuation, prev):
		return true
	case unicode.Is(mongolianSelectors, rs[i]):
		return unicode.In(prev, unicode.Mongolian)
	case unicode.In(prev, unicode.Latin, unicode.Greek, unicode.Cyrillic), unicode.IsSpace(prev):
		return false
	case unicode.In(prev, unicode.So, unicode.Sm, unicode.Nd, unicode.Han) || prev == '#' || prev == '*':
		return true
	}
	return false
}

// emojiPunctuation are the emoji that are punctuation or a letterlike
// symbol rather than a symbol, whose emoji form the presentation selector
// asks for ("‼️", "⁉️", "ℹ️", "〰️", "〽️"; Unicode's
// emoji-variation-sequences.txt).
var emojiPunctuation = &unicode.RangeTable{R16: []unicode.Range16{
	{Lo: 0x203c, Hi: 0x203c, Stride: 1}, {Lo: 0x2049, Hi: 0x2049, Stride: 1}, {Lo: 0x2139, Hi: 0x2139, Stride: 1},
	{Lo: 0x3030, Hi: 0x3030, Stride: 1}, {Lo: 0x303d, Hi: 0x303d, Stride: 1},
}}

// mongolianSelectors are the free variation selectors that pick a
// Mongolian letter's written form (U+180B–U+180D, U+180F): part of
// the spelling after a Mongolian letter, nothing anywhere else.
var mongolianSelectors = &unicode.RangeTable{R16: []unicode.Range16{
	{Lo: 0x180b, Hi: 0x180d, Stride: 1}, {Lo: 0x180f, Hi: 0x180f, Stride: 1},
}}

// mixedScriptLetter is a letter of a word that mixes Cyrillic letters with
// Latin or Greek ones and could pass for a word of one script: one side
// of it (the smaller first) drawn wholly in letters the other script has
// twins of, as "w\u043erk" (a Cyrillic о) passes for "work" and "СберPay"
// for "СберРау"; 0 when no word does. Those are the scripts whose letters
// are drawn alike (а/a, о/o/ο, р/p/ρ). A word whose sides both hold a
// letter without a twin ("ЯндексGPT": Я, G) looks like no other word and
// passes. Latin beside Greek is left to greekInLatinWord, as "μService"
// and "Δt" are names people write.
func mixedScriptLetter(rs []rune) rune {
	var cyr, other wordSide // the current word's letters of each side
	for i := 0; i <= len(rs); i++ {
		if i < len(rs) {
			switch r := rs[i]; {
			case unicode.Is(unicode.Cyrillic, r) && unicode.IsLetter(r):
				cyr.add(r, strings.ContainsRune(cyrillicTwins, r))
				continue
			case unicode.In(r, unicode.Latin, unicode.Greek) && unicode.IsLetter(r):
				other.add(r, strings.ContainsRune(latinGreekTwins, r))
				continue
			case unicode.IsMark(r):
				continue
			}
		}
		if r := passingSide(cyr, other); r != 0 { // a space, digit or punctuation ends the word
			return r
		}
		cyr, other = wordSide{}, wordSide{}
	}
	return 0
}

// The letters drawn as a letter of the other side is: Cyrillic ones like
// Latin or Greek ones, and Latin or Greek ones like Cyrillic ones.
const (
	cyrillicTwins   = "АВЕЅІЈКМНОРСТХҮӀԚԜаеѕіјкорсухһӏԁԛԝү"
	latinGreekTwins = "ABCEHIJKMOPQSTWXYacdehijlopqswxy" + "ΑΒΕΗΙΚΜΟΡΤΥΧοκρ"
)

// wordSide counts the letters of one side of a word.
type wordSide struct {
	first    rune
	n, twins int
}

// add counts r, a twin of a letter of the other side or not.
func (s *wordSide) add(r rune, twin bool) {
	if s.n == 0 {
		s.first = r
	}
	s.n++
	if twin {
		s.twins++
	}
}

// passingSide is the first letter of the side of a word that mixes both
// (the smaller first) made only of twins, 0 when neither is.
func passingSide(cyr, other wordSide) rune {
	if cyr.n == 0 || other.n == 0 {
		return 0
	}
	small, large := cyr, other
	if other.n < cyr.n {
		small, large = other, cyr
	}
	for _, s := range []wordSide{small, large} {
		if s.twins == s.n {
			return s.first
		}
	}
	return 0
}

// latinLikeGreek are the Greek letters drawn as a Latin one is (Ο/O, ο/o,
// Α/A, Ρ/P, ρ/p, ν/v, ϲ/c …): beside Latin letters in one word they pass
// for them, "wοrk" for "work". The Greek letters written in Latin names
// ("μService", "Δt", "λ", "π") look like none.
var latinLikeGreek = &unicode.RangeTable{R16: []unicode.Range16{
	{Lo: 0x037f, Hi: 0x037f, Stride: 1}, // Ϳ
	{Lo: 0x0391, Hi: 0x0392, Stride: 1}, // Α Β
	{Lo: 0x0395, Hi: 0x0397, Stride: 1}, // Ε Ζ Η
	{Lo: 0x0399, Hi: 0x039a, Stride: 1}, // Ι Κ
	{Lo: 0x039c, Hi: 0x039d, Stride: 1}, // Μ Ν
	{Lo: 0x039f, Hi: 0x03a1, Stride: 2}, // Ο Ρ
	{Lo: 0x03a4, Hi: 0x03a5, Stride: 1}, // Τ Υ
	{Lo: 0x03a7, Hi: 0x03a7, Stride: 1}, // Χ
	{Lo: 0x03bd, Hi: 0x03bd, Stride: 1}, // ν
	{Lo: 0x03bf, Hi: 0x03c1, Stride: 2}, // ο ρ
	{Lo: 0x03f2, Hi: 0x03f3, Stride: 1}, // ϲ ϳ
	{Lo: 0x03f9, Hi: 0x03f9, Stride: 1}, // Ϲ
}}

// greekInLatinWord is the first Greek letter drawn like a Latin one
// (latinLikeGreek) in a word that also holds a Latin letter, 0 when no
// word does.
func greekInLatinWord(rs []rune) rune {
	var latin bool
	var greek rune // the first look-alike Greek letter of the current word
	for _, r := range rs {
		switch {
		case unicode.Is(unicode.Latin, r) && unicode.IsLetter(r):
			latin = true
		case unicode.Is(latinLikeGreek, r):
			greek = firstOf(greek, r)
		case unicode.IsLetter(r), unicode.IsMark(r):
		default:
			latin, greek = false, 0 // a space, digit or punctuation ends the word
		}
		if latin && greek != 0 {
			return greek
		}
	}
	return 0
}

// firstOf is have, or r when have is still 0.
func firstOf(have, r rune) rune {
	if have == 0 {
		return r
	}
	return have
}
