package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memsvc/memsvc/text"
)

// chatterReasons are the skip reasons that make a clause conversational
// noise rather than something said worth keeping as an episode: greetings
// and thanks, assistant filler and suggestions, bare questions, requests to
// the assistant ("run the tests again") and lines that only introduce code.
// Other skip reasons (not about the speaker, transient, hypothetical, too
// long for one fact) stop a clause from becoming a fact, but the words are
// still worth keeping as said.
var chatterReasons = map[string]bool{
	skipEmpty: true, skipTrivial: true, skipFiller: true, skipQuestion: true,
	skipRequest: true, skipCodeIntro: true,
}

// Substantive reports whether a turn is worth keeping as an episode, the
// turn as said: it has prose (not only pasted code, logs or stack traces)
// with at least one clause that is more than chatter. A request that states
// a standing rule ("always …", "never …", "from now on …") is substantive:
// it is how a user tells an agent how to work.
func Substantive(m Message) bool {
	for _, line := range proseLines(m.Content) {
		for _, s := range sentences(line) {
			for _, c := range clauses(s) {
				ci := newClauseInfo(preNormalise(stripLead(c)), m.Role, false)
				r := skipReason(ci)
				if r == skipRequest && agentProcRe.MatchString(ci.text) {
					return true
				}
				if !chatterReasons[r] && contentWords(ci.words) >= minContent(m.Role) {
					return true
				}
				if r == skipEmpty && contentWords(ci.words) >= minContent(m.Role) {
					return true // one unspaced run: "我住在上海" is a statement, kept as said
				}
			}
		}
	}
	return false
}

// Question returns what a turn asks, as said: its questions that name
// something ("Is that your third screenplay?", not "How are you?"),
// joined by a space; "" when it asks nothing. A bare question is no
// episode of its own, but the answer after it only means something with
// it ("I've had them for three years"), so the answering episode keeps it
// (service/write/episode.go).
func Question(m Message) string {
	var asked []string
	for _, line := range proseLines(m.Content) {
		for _, s := range sentences(line) {
			words := lowerWords(stripLead(s))
			if len(words) > 0 && isQuestion(s, words) && contentWords(words) > 0 {
				asked = append(asked, s)
			}
		}
	}
	return strings.Join(asked, " ")
}

// minContent is how many content words a clause needs to be more than
// chatter. An assistant's acknowledgements are wordier than a person's
// ("Got it, I'll keep that in mind"), so its clauses need one more.
func minContent(role string) int {
	if role == "assistant" {
		return 3
	}
	return 2
}

// reactionWords carry a reaction, not content: "Wow, that sounds amazing!"
// is small talk however it is phrased.
var reactionWords = set(`wow oh ah aw aww omg lol haha hahaha yay great good nice cool awesome amazing
wonderful fantastic fun funny glad happy sad sorry thanks thank really so very totally truly super
sounds sound looks look seems seem interesting exciting excited love lovely beautiful cute sweet
incredible impressive proud congrats congratulations true right exactly definitely absolutely agree
bet guess hope mean know think feel like yeah yes no ok okay sure well hey hi hello bye got noted understood`)

// contentWords counts the words of a clause that carry content: not stop
// words, not pronouns or reactions. A word of Chinese or Japanese is a whole
// unspaced run ("私は大阪に住んでいます" scans as one word), so it counts
// by its ideographs and katakana instead.
func contentWords(words []string) int {
	n := 0
	for _, w := range words {
		if k := ideographWords(w); k >= 0 {
			n += k
			continue
		}
		if len(w) > 1 && !text.IsStopWord(w) && !reactionWords[w] && !firstPerson[w] {
			n++
		}
	}
	return n
}

// ideographWords estimates how many content words an unspaced run of
// Chinese or Japanese holds: one for every two ideographs or katakana, the
// letters that carry its nouns and verb stems (a Chinese word is mostly two
// characters; hiragana is mostly particles and endings, so "ありがとう
// ございます" holds none and "了解です" one, still chatter). Words of thanks and
// agreement (cjkReactions) and a letter said over again count for nothing.
// It answers -1 for a word with no Chinese or Japanese letter, counted as a word.
func ideographWords(w string) int {
	if w == "" || w[0] < utf8.RuneSelf || !strings.ContainsFunc(w, isCJK) {
		return -1
	}
	letters, prev := 0, rune(0)
	for _, r := range cjkReactions.Replace(w) {
		if r != prev && isIdeograph(r) && !strings.ContainsRune(cjkParticles, r) {
			letters++ // a letter said over again ("哈哈哈哈") adds no word
		}
		prev = r
	}
	return letters / 2
}

// cjkParticles are the Chinese ideographs that only join or end a clause ("的",
// "了", "吗"): they carry no content of their own.
const cjkParticles = "的了吗呢吧啊呀嘛哦哟么"

// isCJK reports a letter of Chinese or Japanese, hiragana included.
func isCJK(r rune) bool { return unicode.In(r, unicode.Han, unicode.Katakana, unicode.Hiragana) }

// isIdeograph reports a Chinese or Japanese letter that carries a noun or a verb stem.
func isIdeograph(r rune) bool { return unicode.In(r, unicode.Han, unicode.Katakana) }

// cjkReactions removes the Chinese and Japanese words of thanks, agreement and
// laughter, which carry no content however many ideographs they take: "谢谢你的帮助"
// and "明白了谢谢" are thanks, as "thanks for the help" is.
var cjkReactions = strings.NewReplacer(
	"谢谢", "", "多谢", "", "感谢", "", "哈哈", "", "呵呵", "", "嘿嘿", "", "嘻嘻", "", "好的", "",
	"明白", "", "收到", "", "没问题", "", "知道了", "", "了解", "", "不客气", "", "没关系", "",
	"太好了", "", "好棒", "", "真棒", "", "厉害", "", "加油", "", "辛苦了", "", "嗯嗯", "", "是的", "",
	"ありがとう", "", "有難う", "", "はい", "", "分かりました", "", "わかりました", "", "なるほど", "",
	"すごい", "", "大丈夫", "", "お疲れ様", "", "よろしく", "", "承知", "",
)
