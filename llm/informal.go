package llm

import (
	"strings"

	"github.com/memsvc/memsvc/text"
)

// textingForms are the short forms general English texting writes for words ("u" for you, "tmrw" for
// tomorrow, "bday" for birthday), each with the word it stands for. WordNet has none of them, or another
// sense ("bc", "ur"), so the embedder read them as rare unknown words that met nothing. Only forms with
// one reading in chat are here: not "def" (a Python keyword), "prob" (problem or probably), "min" (minute or minimum), "bro" and "fam" (a brother or family, or anyone addressed).
var textingForms = map[string]string{
	"u": "you", "ur": "your", "yr": "year", "yrs": "years", "tmrw": "tomorrow", "tmr": "tomorrow",
	"tmrrw": "tomorrow", "tmw": "tomorrow", "tomoz": "tomorrow", "2moro": "tomorrow", "2morrow": "tomorrow",
	"2day": "today", "2nite": "tonight", "tonite": "tonight", "nite": "night", "b4": "before", "l8r": "later",
	"l8": "late", "gr8": "great", "bc": "because", "bcuz": "because", "cuz": "because", "coz": "because",
	"bcos": "because", "pls": "please", "plz": "please", "thx": "thanks", "thnx": "thanks", "tx": "thanks",
	"ty": "thanks", "bday": "birthday", "bdays": "birthdays", "vid": "video", "vids": "videos", "fav": "favorite",
	"fave": "favorite", "favs": "favorites", "faves": "favorites", "convo": "conversation",
	"convos": "conversations", "gf": "girlfriend", "bf": "boyfriend", "bff": "friend", "bffs": "friends",
	"bestie": "friend", "besties": "friends", "ppl": "people", "txt": "text", "hr": "hour", "hrs": "hours",
	"mins": "minutes", "secs": "seconds", "wk": "week", "wks": "weeks", "wknd": "weekend", "vacay": "vacation",
	"mum": "mom", "mums": "moms", "luv": "love", "gud": "good", "thru": "through",
	"tho": "though", "altho": "although", "wat": "what", "wut": "what", "srsly": "seriously", "obv": "obviously",
	"obvs": "obviously", "prolly": "probably", "defo": "definitely", "deffo": "definitely", "rn": "now",
	"asap": "soon", "lemme": "let", "gimme": "give", "dunno": "know", "uni": "university", "appt": "appointment",
	"ily": "love", "xoxo": "love", "tysm": "thanks", "congrats": "congratulations", "tryna": "trying",
	"trynna": "trying",
}

// chatFillers are the interjections and stock phrases of chat ("nah", "omg", "tbh", "aww") that, like the
// noise words (text.IsNoiseWord: "lol", "yeah"), say nothing about what a text is about. WordNet has none
// of them, so unread each weighed as a rare word. They keep their spelling (a greeting before a name is
// still one, see vocative) and weigh what a noise word does.
var chatFillers = map[string]bool{
	"omg": true, "omfg": true, "lmao": true, "lmfao": true, "rofl": true, "lolol": true, "hahaha": true,
	"hahahaha": true, "hehe": true, "hehehe": true, "jk": true, "smh": true, "ngl": true, "tbh": true,
	"imo": true, "imho": true, "btw": true, "fyi": true, "idk": true, "ikr": true, "np": true, "nvm": true,
	"nah": true, "yup": true, "yep": true, "huh": true, "woah": true, "whoa": true, "aww": true, "awww": true,
	"umm": true, "ummm": true, "ohh": true, "ooh": true, "oof": true, "oops": true, "woohoo": true, "yay": true,
	"yum": true, "yummy": true, "dang": true, "meh": true, "ugh": true, "eh": true, "ahh": true, "yikes": true,
	"welp": true, "phew": true, "hmmm": true, "haha": true, "hahah": true,
}

// unmarkedContractions are contractions written without their apostrophe, as chat often does ("im",
// "dont", "thats"), each with the word the tokenizer makes of the marked form (text.SplitContractions keeps
// the pronoun of "I'm" and the negation of "don't"). Unread, each was an unknown and so a rare word: "im
// off to the dentist" weighed "im" as much as "dentist". Forms that are also common words are not here
// ("ill", "id", "its", "were", "well", "lets", "shell", "wed").
var unmarkedContractions = map[string]string{
	"im": "i", "ive": "i", "youre": "you", "youve": "you", "youll": "you", "hes": "he", "shes": "she",
	"itll": "it", "weve": "we", "theyre": "they", "theyve": "they", "theyll": "they", "thats": "that",
	"theres": "there", "heres": "here", "whats": "what", "wheres": "where", "whos": "who", "hows": "how",
	"dont": "not", "doesnt": "not", "didnt": "not", "cant": "not", "wont": "not", "isnt": "not",
	"arent": "not", "wasnt": "not", "werent": "not", "havent": "not", "hasnt": "not", "hadnt": "not",
	"wouldnt": "not", "couldnt": "not", "shouldnt": "not", "aint": "not", "itd": "it", "theyd": "they",
	"youd": "you", "whatre": "what",
}

// standardForm returns the word an informal lower-case token stands for: a texting form's word
// (textingForms), a contraction's without its apostrophe (unmarkedContractions), a regular form the
// lexicon misses (regularForm: "talkin", "highest"), or an elongated word squeezed back to a known one ("sooooo" -> "so", "yesss" -> "yes",
// "loooove" -> "love"). It returns w when it knows no other form.
func (a *analyzer) standardForm(w string) string {
	if long, ok := textingForms[w]; ok {
		return long
	}
	if long, ok := unmarkedContractions[w]; ok {
		return long
	}
	if !isASCIILetters(w) || chatFillers[w] || a.isWord(w) || a.knownForm([]byte(w)) {
		return w
	}
	if r := a.regularForm(w); r != "" {
		return r
	}
	// A squeezed word as written before an inflection of one: "yesss" is yes, not the plural "yess".
	if s := a.squeeze(w, a.isWord); s != w {
		return s
	}
	return a.squeeze(w, func(c string) bool { return a.knownForm([]byte(c)) })
}

// regularForm returns the known word an unknown one is by a regular change the lexicon's inflections miss,
// or "": a dropped g ("talkin", "somethin"), a superlative ("highest", "simplest", "tiniest": Snowball keeps
// their ending, so they met no other form of the adjective), a "-men" plural ("women", "firemen").
func (a *analyzer) regularForm(w string) string {
	n := len(w)
	var cands [3]string
	switch {
	case strings.HasSuffix(w, "in"):
		cands[0] = w + "g"
	case n > 5 && strings.HasSuffix(w, "iest"):
		cands[0] = w[:n-4] + "y"
	case n > 4 && strings.HasSuffix(w, "est"):
		cands[0], cands[1] = w[:n-3], w[:n-2] // highest, simplest
	case strings.HasSuffix(w, "men"):
		cands[0] = w[:n-3] + "man"
	}
	for _, c := range cands {
		if c != "" && (a.isWord(c) || a.knownForm([]byte(c))) {
			return c
		}
	}
	return ""
}

// isWord reports whether w is a lexicon word or a noise word (text.IsNoiseWord) as it stands.
func (a *analyzer) isWord(w string) bool { return text.IsNoiseWord(w) || a.lex.Word(w) }

// maxSqueezeRuns caps the elongated runs squeeze tries every combination of (2^runs candidates).
const maxSqueezeRuns = 3

// squeeze returns the known word an elongated word is, or w. Every run of three or more of one letter is
// cut to two letters or to one ("goood" is good, "sooo" is so, "helllooo" is hello); runs of two are as
// written, since English doubles letters.
func (a *analyzer) squeeze(w string, known func(string) bool) string {
	var runs [][2]int // [start, end) of each run of 3+ of one letter
	for i := 0; i < len(w); {
		j := i + 1
		for j < len(w) && w[j] == w[i] {
			j++
		}
		if j-i >= 3 {
			runs = append(runs, [2]int{i, j})
		}
		i = j
	}
	if len(runs) == 0 || len(runs) > maxSqueezeRuns {
		return w
	}
	// Bit k of mask set: run k keeps two letters, else one. Masks count down so doubled letters are tried
	// first ("goood" is good before god).
	for mask := 1<<len(runs) - 1; mask >= 0; mask-- {
		var b strings.Builder
		prev := 0
		for k, r := range runs {
			keep := 1
			if mask&(1<<k) != 0 {
				keep = 2
			}
			b.WriteString(w[prev : r[0]+keep])
			prev = r[1]
		}
		b.WriteString(w[prev:])
		if c := b.String(); known(c) {
			return c
		}
	}
	return w
}

// emojiWords reads the emoji chat writes for a thing or a feeling as the word it stands for ("🎂" a
// birthday, "❤️" love), so "🎂 at the lake" meets "her birthday at the lake"; the tokenizer otherwise drops
// them as punctuation. Faces whose meaning is only a tone (😅, 🙂, 🤔) are left out: they tell nothing a
// search asks about. A longer key comes before its prefix (with the variation selector, then without).
var emojiWords = strings.NewReplacer(
	"❤️", " love ", "❤", " love ", "😍", " love ", "🥰", " love ", "💕", " love ", "💖", " love ",
	"😂", " laugh ", "🤣", " laugh ", "😭", " cry ", "😢", " sad ", "😡", " angry ", "😠", " angry ",
	"🎂", " birthday ", "🎉", " celebrate ", "🥳", " celebrate ", "🎁", " gift ", "🎄", " christmas ",
	"🎓", " graduation ", "💍", " ring ", "👶", " baby ", "🐶", " dog ", "🐕", " dog ", "🐱", " cat ",
	"🐈", " cat ", "☕", " coffee ", "🍕", " pizza ", "🍔", " burger ", "🍣", " sushi ", "🌮", " taco ",
	"🍰", " cake ", "🍺", " beer ", "🍻", " beer ", "🍷", " wine ", "⚽", " soccer ", "🏀", " basketball ",
	"🎸", " guitar ", "🎹", " piano ", "🎮", " game ", "📚", " books ", "📖", " book ", "✈️", " flight ",
	"✈", " flight ", "🏖️", " beach ", "🏖", " beach ", "🏃", " run ", "🏋️", " workout ", "🏋", " workout ",
	"🎵", " music ", "🎶", " music ", "📷", " photo ", "📸", " photo ", "🌧️", " rain ", "🌧", " rain ",
	"☀️", " sun ", "☀", " sun ", "❄️", " snow ", "❄", " snow ", "🚗", " car ", "🏠", " home ",
	"🌸", " flowers ", "🌹", " rose ", "💐", " flowers ", "🏆", " win ", "🤒", " sick ", "🤕", " hurt ",
	"🎨", " painting ", "🍳", " cooking ", "🚴", " cycling ", "🏊", " swimming ", "⛺", " camping ",
)

// readable is s as the built-in models read it: in Unicode NFKC (full-width letters and ligatures as
// their plain letters, text.CompatibilityForm) and with emoji that stand for words as those words.
func readable(s string) string {
	if isASCII(s) {
		return s
	}
	return emojiWords.Replace(text.CompatibilityForm(s))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
