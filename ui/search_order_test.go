package ui_test

import (
	"net/url"
	"regexp"
	"strconv"
	"testing"

	"github.com/memsvc/memsvc/auth"
)

var scoreRe = regexp.MustCompile(`<tr( class="weak")?>\s*<td class="pick">.*?</td>\s*<td class="score"[^>]*>([0-9.]+)</td>`)

// TestSearchScoresFallInTheOrderShown: in every mode, with and without
// rerank, a lower row of the results never shows a higher score than a
// row above it, and no hit below the relevance floor comes before one
// above it: the order and the numbers tell the same story.
func TestSearchScoresFallInTheOrderShown(t *testing.T) {
	e := newEnv(t, "")
	e.add(auth.DefaultUser, "Quinn keeps bees on the roof of the garage", "The bee hive needs a new frame before spring",
		"Honey from the roof hive tastes of lime blossom", "Quinn was stung twice last summer",
		"The garage roof leaks when it rains hard", "Buy a smoker and gloves for the hives",
		"Quinn's neighbour is allergic to bee stings", "The lime trees on the street flower in June",
		"Spring cleaning of the garage is planned for April", "Quinn sells honey at the Saturday market")
	b := e.browser()
	for _, q := range []string{"bees", "roof", "honey hive", "garage roof bees", "stings", "spring"} {
		for _, mode := range []string{"hybrid", "text", "vector"} {
			for _, rerank := range []string{"", "cross_encoder"} {
				p := b.get("/memories?" + url.Values{"q": {q}, "mode": {mode}, "rerank": {rerank}}.Encode())
				rows := scoreRe.FindAllStringSubmatch(p.body, -1)
				if len(rows) == 0 {
					t.Fatalf("%s (%s %s): no scored rows", q, mode, rerank)
				}
				for i := 1; i < len(rows); i++ {
					prev, _ := strconv.ParseFloat(rows[i-1][2], 64)
					cur, _ := strconv.ParseFloat(rows[i][2], 64)
					if cur > prev || rows[i-1][1] != "" && rows[i][1] == "" {
						t.Errorf("%s (%s %s): row %d shows %s (weak %v) under %s (weak %v)", q, mode, rerank, i+1,
							rows[i][2], rows[i][1] != "", rows[i-1][2], rows[i-1][1] != "")
					}
				}
			}
		}
	}
}
