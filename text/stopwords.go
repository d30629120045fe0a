package text

import "strings"

// The one English stop list, in two named widths. Which width a caller takes
// depends on whether it matches words or weighs meaning.

// IsStopWord reports whether the lower-cased word carries no retrieval value.
// The list is conservative, function words only, so that negations ("not"),
// modals ("may", also a month) and quantifiers still match: the BM25 index,
// query cover and skill matching use it.
func IsStopWord(w string) bool { return stopWords[w] == stop }

// IsNoiseWord reports whether the lower-cased word says nothing about what a
// text is about: the stop words plus negations, modals, quantifiers,
// indefinite pronouns, discourse adverbs and conversational filler ("yeah",
// "lol", "like"). The built-in embedder keeps such words at a tiny weight and
// its reranker ignores them; matching words must not, so it is a wider list.
func IsNoiseWord(w string) bool { return stopWords[w] != 0 }

type width uint8

const (
	stop  width = 1 // in both lists
	noise width = 2 // in IsNoiseWord only
)

var stopWords = WordIndex(map[width]string{
	stop: `a an and are as at be been being but by can could did do does doing for from had has have
having he her hers herself him himself his i if in into is it its itself me my myself of on or our ours ourselves
she should so than that the their theirs them themselves then there these they this those to too us was we were
what when where which while who whom why will with would you your yours yourself yourselves s t d ll m re ve am
about just also very really some any each such own same here how all both few more most other only again further
once up down out off over under`,
	noise: `
every either neither mine one ones others many much several something anything everything nothing someone anyone
everyone somebody anybody
done shall may might must ought not no nor
onto upon above below through during before after between against among within without via per because until
though although whether whose
quite pretty rather even still already yet ever always never often sometimes now well oh ah yeah yes yep nope ok
okay hey hi hello wow lol haha hmm um uh gonna wanna gotta thanks thank please sure totally definitely actually
basically literally like kind sort lot lots thing things stuff way let
toward towards across along around behind beside besides beyond near since throughout till unto amongst amid
inside outside anyway anyways else maybe perhaps probably anyhow instead otherwise however therefore`,
})

// WordIndex turns lists of space-separated words into each word's list
// key: {stop: "a an"} gives {"a": stop, "an": stop}. A word in two lists
// keeps one of their keys.
func WordIndex[K comparable](lists map[K]string) map[string]K {
	m := map[string]K{}
	for k, words := range lists {
		for _, w := range strings.Fields(words) {
			m[w] = k
		}
	}
	return m
}

// WordSet is the set of the space-separated words of words, for a word
// list written as one string (WordIndex with a single list).
func WordSet(words string) map[string]bool {
	return WordIndex(map[bool]string{true: words})
}

// WithoutQuestionWords returns s with the question words of the unspaced
// scripts ("什么", "哪里", "何") each cut out as a space would, so that the
// runs on either side are read as runs of their own. English question
// words are stop words (IsStopWord); these are not words to the tokenizer
// but letters inside a run, so a query's bigrams held "什么" and the seams
// beside it ("做什", "么车"), which no memory answering the question holds:
// "我开什么车？" shared one bigram of four with "我开一辆白色的丰田车".
// Hangul is left alone: its question words carry their particle
// ("무엇을"), and cutting one would leave the particle as a term.
func WithoutQuestionWords(s string) string {
	if isASCII(s) {
		return s
	}
	return unspacedQuestions.Replace(CompatibilityForm(s))
}

// unspacedQuestions cuts the question words of Chinese and Japanese, the
// longer of two that start alike first ("什么时候" before "什么"). Only
// words that are questions wherever they stand: not "几" (几乎, "almost")
// nor "どう" (ぶどう, "grape"). Words that also start or end other words
// are cut only with what makes them a question: "何" with its particle (a
// surname in 何伟, "any" in 任何), "いつ" and "いくら" before a particle or
// the question mark (いつも is "always", あいつ "that guy", いくら丼 a dish).
// Analysis has read the text in NFKC, so "？" is "?" here.
var unspacedQuestions = strings.NewReplacer(
	"什么时候", " ", "为什么", " ", "什么", " ", "哪里", " ", "哪儿", " ", "哪天", " ", "哪个", " ", "哪些", " ",
	"怎么样", " ", "怎么", " ", "怎样", " ", "多少", " ", "几点", " ", "几岁", " ", "谁", " ",
	"何時", " ", "何?", " ", "何です", " ", "何を", " ", "何が", " ", "何に", " ", "何で", " ", "何の", " ", "何色", " ",
	"どこ", " ", "誰", " ", "だれ", " ", "なぜ", " ", "どれ", " ", "どんな", " ",
	"いつから", " ", "いつまで", " ", "いつに", " ", "いつ頃", " ", "いつです", " ", "いつ?", " ",
	"いくらです", " ", "いくら?", " ",
)
