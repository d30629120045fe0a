package ingest

import (
	"slices"

	"github.com/memsvc/memsvc/text"
)

// categoryCues maps a stemmed cue word to the category it suggests. The list
// is deliberately small and general: categories are a browsing aid, not a
// classifier, and a memory may have none.
var categoryCues = buildCues(map[string]string{
	"location":     "live lives living moved move city country town home address apartment house neighborhood",
	"work":         "work job career office company boss colleague coworker employer hired promoted promotion salary project meeting client",
	"preference":   "like likes love loves prefer prefers favorite favourite hate hates dislike enjoy enjoys",
	"health":       "allergic allergy doctor hospital sick ill medication medicine diet health injury pain therapy",
	"relationship": "wife husband partner girlfriend boyfriend married sister brother mother father mom dad son daughter friend family kids children",
	"travel":       "trip travel traveled travelled flight vacation holiday visited visit hotel",
	"food":         "eat eats food restaurant cook cooking meal vegetarian vegan coffee tea dinner lunch breakfast",
	"hobby":        "hobby hobbies play plays painting guitar piano hiking running reading game games sport sports",
	"plan":         "plan plans planning going tomorrow next upcoming schedule deadline",
	"education":    "school university college degree study studying class course student",
	"pet":          "dog dogs cat cats pet pets puppy kitten",
	"finance":      "money budget bank pay paid rent mortgage invest savings",
})

func buildCues(m map[string]string) map[string]string {
	out := map[string]string{}
	for cat, words := range m {
		for _, w := range text.Tokens(words) {
			out[text.Stem(w)] = cat
		}
	}
	return out
}

// Categorize returns the sorted categories a text's words suggest.
func Categorize(s string) []string {
	var cats []string
	for _, t := range text.Tokens(s) {
		if c, ok := categoryCues[text.Stem(t)]; ok && !slices.Contains(cats, c) {
			cats = append(cats, c)
		}
	}
	slices.Sort(cats)
	return cats
}
