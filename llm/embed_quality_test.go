package llm

import (
	"context"
	"flag"
	"fmt"
	"testing"
)

var sweep = flag.Bool("llm.sweep", false, "print retrieval quality of alternative embedder weights")

// similarity is the cosine of two unit vectors.
func similarity(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func TestBuiltinEmbedderPairs(t *testing.T) {
	// Each pair must be more similar than the first text is to any of the unrelated texts.
	unrelated := []string{
		"the weather forecast predicts heavy rain tomorrow",
		"she plays the violin in an orchestra",
		"quarterly tax returns are due in April",
		"a table with four chairs",
		"the museum opens at nine",
		"he repaired the roof of the barn",
	}
	cases := []struct{ name, a, b string }{
		{"word form running/ran", "running", "ran"},
		{"word form went/go", "we went to the beach", "we go to the beach"},
		{"word form bought/buy", "she bought shoes", "buying shoes"},
		{"word form children/child", "children", "child"},
		{"word form mice/mouse", "mice in the attic", "a mouse in the attic"},
		{"word form studies/studying", "her studies", "she is studying"},
		{"word form better/good", "a better plan", "a good plan"},
		{"word form painted/painting", "I painted the fence", "painting the fence"},
		{"typo restaruant", "restaruant", "restaurant"},
		{"typo recieve", "did you recieve my letter", "did you receive my letter"},
		{"typo vacaton", "our vacaton in Italy", "our vacation in Italy"},
		{"typo definately", "definately coming", "definitely coming"},
		{"typo grandmther", "my grandmther's garden", "my grandmother's garden"},
		{"compound football", "football", "foot ball"},
		{"compound ice cream", "icecream", "ice cream"},
		{"compound email", "email", "e-mail"},
		{"compound birthday", "birthday party", "birth day party"},
		{"synonym car", "car", "automobile"},
		{"synonym film", "a film", "a movie"},
		{"synonym physician", "the physician", "the doctor"},
		{"synonym kids", "kids", "children"},
		{"synonym purchase", "purchase", "buy"},
		{"synonym quit smoking", "quit smoking", "gave up smoking"},
		{"synonym died", "died", "passed away"},
		{"synonym scared", "scared", "afraid"},
		{"synonym married", "got married", "wedding"},
		{"hypernym puppy", "puppy", "dog"},
		{"derivation marriage", "marriage", "married"},
		{"accents", "café", "cafe"},
		{"contraction", "I don't know", "I do not know"},
		{"texting forms", "see u tmrw", "see you tomorrow"},
		{"texting bday", "her bday party", "her birthday party"},
		{"texting mum", "my mum", "my mom"},
		{"unmarked contraction", "im eating dinner", "I'm eating dinner"},
		{"dropped g", "we were talkin about movies", "we were talking about movies"},
		{"elongation", "I loooove hiking", "I love hiking"},
		{"superlative", "the highest peak", "a high peak"},
		{"men plural", "women", "woman"},
		{"NFKC full-width", "ＰＩＺＺＡ night", "pizza night"},
		{"NFKC ligature", "ﬁsh tacos", "fish tacos"},
		{"emoji", "🎂 at the lake", "birthday at the lake"},
	}
	emb := NewBuiltinEmbedder()
	ctx := context.Background()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			vs, err := emb.Embed(ctx, append([]string{tc.a, tc.b}, unrelated...))
			if err != nil {
				t.Fatal(err)
			}
			pair := similarity(vs[0], vs[1])
			for i, v := range vs[2:] {
				if s := similarity(vs[0], v); s >= pair {
					t.Errorf("sim(%q, %q) = %.3f <= sim(%q, %q) = %.3f", tc.a, tc.b, pair, tc.a, unrelated[i], s)
				}
			}
		})
	}
}

// retrievalDocs and retrievalQueries are a small hand-written retrieval set in general English: each query
// needs one memory, reachable only through word forms, synonyms, typos or compounds, next to distractors that
// share surface words with it.
var retrievalDocs = []string{
	"I finally bought a new automobile last weekend, a red hatchback.",
	"My daughter started kindergarten this fall and she loves her teacher.",
	"We adopted a puppy from the animal shelter in March.",
	"I've been running every morning to train for the city marathon.",
	"The restaurant on Main Street serves the best sushi in town.",
	"She got married to her college sweetheart in June.",
	"I'm learning to play the guitar; my instructor says I'm improving fast.",
	"Our family went camping by the lake and we caught a lot of fish.",
	"I work as a nurse at the children's hospital downtown.",
	"My grandmother passed away last year and I still miss her.",
	"I painted a lighthouse on the cliffs for my art class.",
	"He is allergic to peanuts, so we never cook with them.",
	"We're planning a trip to Japan next spring to see the cherry blossoms.",
	"I lost my job at the bank in January and I'm looking for work.",
	"My brother plays football for his university team.",
	"I read a fascinating novel about time travel last week.",
	"Our kitchen renovation finally finished; the new cabinets look great.",
	"I volunteer at the food bank every Saturday morning.",
	"The doctor told me to cut down on sugar because of my blood pressure.",
	"I bought ice cream for the kids after the soccer game.",
	"My husband and I celebrated our tenth wedding anniversary in Paris.",
	"I started a small bakery business selling sourdough bread.",
	"We moved to a bigger house closer to my office.",
	"I'm afraid of flying, so I always take the train.",
	"My son broke his arm falling off his bicycle.",
	"I've been feeling stressed at work and started meditating.",
	"We watched a horror film at the cinema on Friday night.",
	"I gave up smoking three years ago.",
	"My cat likes to sleep on the laptop keyboard.",
	"She is studying psychology at graduate school.",
	"I grow tomatoes and peppers in my backyard garden.",
	"I sent an e-mail to my landlord about the broken heater.",
	"The team won the championship after a tough season.",
	"I'm vegetarian and haven't eaten meat in five years.",
	"My parents are visiting us for the holidays.",
	"I take photos of birds with my new camera.",
	"We hiked to the top of the mountain and the view was amazing.",
	"I joined a choir and we sing at church on Sundays.",
	"I purchased concert tickets for my sister's birthday.",
	"My car broke down on the highway and I had to call a tow truck.",
	"My sister just adopted two kittens named Salt and Pepper.",
	"I went to a woodworking workshop and made a stool for my mom.",
	"We drove to the coast for a surfing lesson, but the waves were too big.",
	"I was promoted to senior engineer at my company last month.",
	"The kids built a sandcastle at the beach on Sunday.",
	"I've been reading a lot of mystery books lately, especially Agatha Christie.",
	"My dad taught me how to fish when I was eight.",
	"We celebrated my son's graduation from high school with a barbecue.",
	"I had the flu last week and stayed in bed for three days.",
	"I started taking yoga classes to help with my back pain.",
	"Our neighbor's dog keeps barking all night.",
	"I'm saving money to buy a house next year.",
	"I went to a concert and heard my favorite band play live.",
	"My wife is pregnant with our second child.",
	"I baked chocolate chip cookies for the school fundraiser.",
	"We rented a cabin in the woods for a quiet weekend.",
	"I signed up for a painting class at the community center.",
	"My phone screen cracked when I dropped it on the sidewalk.",
	"I'm training my dog to fetch the newspaper.",
	"She quit her job to travel around South America.",
	"I attended a meeting of the neighborhood watch group.",
	"My friend gave me a handmade scarf for Christmas.",
	"We visited the art museum and saw paintings by Van Gogh.",
	"I'm worried about my exam results coming out on Monday.",
	"I repaired the old bicycle my grandfather left me.",
	"We went to a wedding in the countryside last summer.",
	"My roommate moved out and now I live alone.",
	"I donated blood at the hospital this morning.",
	"We had a picnic in the park with homemade sandwiches.",
	"My daughter won first prize in the science fair.",
	"I'm thinking about getting a tattoo of a rose.",
	"Our flight to London was delayed by six hours.",
	"I joined a gym and work out four times a week.",
	"My mother is recovering from knee surgery.",
	"I wrote a poem about the ocean for my girlfriend.",
	"We planted an apple tree in our yard.",
	"I got a speeding ticket on the way to work.",
	"My little brother is learning to swim.",
	"The community garden grows vegetables for the homeless shelter.",
	"I play chess online with my uncle every evening.",
}

var retrievalQueries = []struct {
	q    string
	want int // index into retrievalDocs
}{
	{"When did she buy a car?", 0},
	{"Did they adopt a dog?", 2},
	{"Is she a jogger?", 3},
	{"Which restaruant has great sushi?", 4},
	{"When did she get married?", 5},
	{"What instrument is he learning to play?", 6},
	{"Where did the family go fishing?", 7},
	{"Who died last year?", 9},
	{"What did she paint?", 10},
	{"What food allergy does he have?", 11},
	{"Where are they travelling next year?", 12},
	{"Is he unemployed?", 13},
	{"Does her brother play foot ball?", 14},
	{"What book did she read?", 15},
	{"Did they remodel the kitchen?", 16},
	{"Where does she volunteer on weekends?", 17},
	{"What health advice did the physician give?", 18},
	{"What treat did the children get after the game?", 19},
	{"Where did the couple spend their anniversary?", 20},
	{"Does she own a bakery?", 21},
	{"Why did they relocate?", 22},
	{"Is he scared of planes?", 23},
	{"How did her son get injured?", 24},
	{"How does he cope with anxiety from his job?", 25},
	{"What movie did they see at the theater?", 26},
	{"When did he quit smoking?", 27},
	{"Where does the kitty nap?", 28},
	{"Which subject is she studying?", 29},
	{"What vegetables does he grow?", 30},
	{"Did she email the landlord?", 31},
	{"Which squad won the title?", 32},
	{"Does she eat meat?", 33},
	{"Who is coming over for Christmas?", 34},
	{"What does she photograph?", 35},
	{"Did they climb the mountain?", 36},
	{"Does he sing in a chior?", 37},
	{"What gift did she get for her sister?", 38},
	{"What happened to her vehicle on the freeway?", 39},
	{"Did the famly go campng?", 7},
	{"Has he been training for a race?", 3},
	{"What are the names of her kittens?", 40},
	{"What did she make at the woodworking class?", 41},
	{"Why couldn't they surf?", 42},
	{"Did he get a promotion?", 43},
	{"What did the children build at the beach?", 44},
	{"Which author does she like to read?", 45},
	{"Who taught him to fish?", 46},
	{"How did they celebrate the graduation?", 47},
	{"When was he sick?", 48},
	{"Why does she do yoga?", 49},
	{"Whose dog barks at night?", 50},
	{"What is he saving up for?", 51},
	{"Did she see the band perform live?", 52},
	{"Is his wife expecting a baby?", 53},
	{"What did she bake for the fundraiser?", 54},
	{"Where did they stay for the weekend?", 55},
	{"Where is her painting class?", 56},
	{"How did his phone break?", 57},
	{"What is he teaching his dog?", 58},
	{"Why did she leave her job?", 59},
	{"What group meeting did she attend?", 60},
	{"What present did her friend give her?", 61},
	{"Which painter's work did they see at the museum?", 62},
	{"What is she anxious about?", 63},
	{"Did he fix the old bike?", 64},
	{"Where was the wedding they went to?", 65},
	{"Does he have a roommate?", 66},
	{"Did she give blood?", 67},
	{"What did they eat at the picnic?", 68},
	{"What award did her daughter win?", 69},
	{"What design does he want for his tattoo?", 70},
	{"How late was the plane to London?", 71},
	{"How often does he exercise at the gym?", 72},
	{"What operation is his mom recovering from?", 73},
	{"What did he write for his girlfriend?", 74},
	{"What kind of tree did they plant?", 75},
	{"Why did she get a fine for driving too fast?", 76},
	{"Who is learning how to swim?", 77},
	{"Which shelter gets vegetables from the garden?", 78},
	{"What game does he play with his uncle?", 79},
}

// retrievalQuality returns the mean reciprocal rank and recall@1 of the retrieval set.
func retrievalQuality(t testing.TB, e *builtinEmbedder) (mrr, r1 float64, ranks []int) {
	ctx := context.Background()
	docs, err := e.EmbedDocuments(ctx, retrievalDocs)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range retrievalQueries {
		qv, err := e.Embed(ctx, []string{q.q})
		if err != nil {
			t.Fatal(err)
		}
		rank := targetRank(qv[0], docs, q.want)
		ranks = append(ranks, rank)
		mrr += 1 / float64(rank)
		if rank == 1 {
			r1++
		}
	}
	n := float64(len(retrievalQueries))
	return mrr / n, r1 / n, ranks
}

func TestBuiltinEmbedderRetrieval(t *testing.T) {
	e := NewBuiltinEmbedder().(*builtinEmbedder)
	mrr, r1, ranks := retrievalQuality(t, e)
	t.Logf("MRR %.3f, recall@1 %.3f", mrr, r1)
	for i, r := range ranks {
		if r > 1 {
			t.Logf("rank %2d: %s", r, retrievalQueries[i].q)
		}
	}
	if mrr < minRetrievalMRR {
		t.Errorf("MRR = %.3f, want >= %.3f", mrr, minRetrievalMRR)
	}
	if *sweep {
		sweepWeights(t, e)
	}
}

// minRetrievalMRR guards against regressions; the measured value is in the package report.
const minRetrievalMRR = 0.7

// sweepWeights prints the retrieval quality with each feature kind switched off or scaled, and with other
// dimensions: the measurements behind defaultWeights and BuiltinEmbedDim.
func sweepWeights(t *testing.T, base *builtinEmbedder) {
	type variant struct {
		name string
		set  func(*builtinEmbedder)
	}
	var vs []variant
	for _, k := range []string{"alt", "syn", "hyp", "der", "char", "bigram", "join", "typo", "idfPow", "answer",
		"voc", "ask", "pivot"} {
		for _, f := range []float64{0, 0.5, 1.5, 2} {
			vs = append(vs, variant{fmt.Sprintf("%s x%.1f", k, f), func(e *builtinEmbedder) { *field(&e.w, k) *= f }})
		}
	}
	for _, d := range []int{256, 384, 768, 1024} {
		vs = append(vs, variant{fmt.Sprintf("dim %d", d), func(e *builtinEmbedder) { e.dim = d }})
	}
	vs = append([]variant{{"default", func(*builtinEmbedder) {}}}, vs...)
	for _, v := range vs {
		var mrr, r1, fused float64
		for salt := uint64(0); salt < sweepSalts; salt++ {
			e := *base
			e.salt = salt
			v.set(&e)
			m, r, _ := retrievalQuality(t, &e)
			_, f := fusionQuality(t, &e)
			mrr += m / sweepSalts
			r1 += r / sweepSalts
			fused += f / sweepSalts
		}
		t.Logf("%-14s MRR %.3f  R@1 %.3f  fused MRR %.3f", v.name, mrr, r1, fused)
	}
}

// sweepSalts is how many hash seeds each variant is averaged over, so a lucky or unlucky collision does not
// decide a weight.
const sweepSalts = 8

func field(w *featureWeights, k string) *float64 {
	switch k {
	case "alt":
		return &w.alt
	case "syn":
		return &w.syn
	case "hyp":
		return &w.hyp
	case "der":
		return &w.der
	case "char":
		return &w.char
	case "bigram":
		return &w.bigram
	case "join":
		return &w.join
	case "typo":
		return &w.typo
	case "idfPow":
		return &w.idfPow
	case "answer":
		return &w.answer
	case "ask":
		return &w.ask
	case "voc":
		return &w.voc
	case "pivot":
		return &w.pivot
	}
	panic(k)
}

// chatTurns is a hand-written chat log in the "Speaker: text" form memory stores keep, with the short social
// turns real conversations are full of; chatQueries need its informative turns.
var chatTurns = []string{
	"Priya: Hey Sam! How have you been?",
	"Sam: Hi Priya! Pretty good, thanks. You?",
	"Priya: Busy! I started a pottery class last Tuesday and made my first bowl.",
	"Sam: Wow, that's awesome, Priya!",
	"Priya: Thanks, Sam! It's lopsided but I love it.",
	"Sam: My news: we adopted a rescue greyhound called Biscuit from the shelter downtown.",
	"Priya: Aww, congrats Sam! What is Biscuit like?",
	"Sam: Shy at first, but he now sleeps on the sofa all day.",
	"Priya: Haha, typical. Did you finish the marathon training?",
	"Sam: Yes! I ran the city half marathon in two hours and five minutes.",
	"Priya: Amazing, Sam!",
	"Sam: Thanks! My knees disagree though.",
	"Priya: I'm also moving to Lisbon in June for a new job at a design studio.",
	"Sam: No way! Lisbon is beautiful. Congrats, Priya!",
	"Priya: Thanks! I'm nervous about learning Portuguese.",
	"Sam: You'll be fine. My sister lived in Porto for three years and loved it.",
	"Priya: Good to know, thanks Sam.",
	"Sam: Talk soon, Priya!",
	"Priya: Bye Sam!",
	"Sam: Oh, and I finally fixed the leaking kitchen tap myself.",
}

var chatQueries = []struct {
	q    string
	want int // index into chatTurns
}{
	{"What class did Priya start?", 2},
	{"What pet did Sam adopt?", 5},
	{"Where does Sam's dog sleep?", 7},
	{"How long did Sam take to run the half marathon?", 9},
	{"Where is Priya moving and why?", 12},
	{"Which language is Priya worried about?", 14},
	{"Who lived in Porto?", 15},
	{"What did Sam repair at home?", 19},
}

// chatMRR returns the mean reciprocal rank of chatQueries' turns when the turns are embedded by embedDocs.
func chatMRR(t *testing.T, e *builtinEmbedder, embedDocs func(context.Context, []string) ([][]float32, error)) float64 {
	ctx := context.Background()
	docs, err := embedDocs(ctx, chatTurns)
	if err != nil {
		t.Fatal(err)
	}
	var mrr float64
	for _, q := range chatQueries {
		qv, err := e.Embed(ctx, []string{q.q})
		if err != nil {
			t.Fatal(err)
		}
		rank := targetRank(qv[0], docs, q.want)
		mrr += 1 / float64(rank)
	}
	return mrr / float64(len(chatQueries))
}

func TestBuiltinEmbedderChatRetrieval(t *testing.T) {
	// Turns embedded as stored documents must beat the plain form on a chat log, where short social turns
	// share little but a name with the questions.
	e := NewBuiltinEmbedder().(*builtinEmbedder)
	plain, stored := chatMRR(t, e, e.Embed), chatMRR(t, e, e.EmbedDocuments)
	t.Logf("chat MRR: plain %.3f, stored %.3f", plain, stored)
	if stored < minChatMRR || stored <= plain {
		t.Errorf("stored MRR = %.3f, want >= %.3f and > plain %.3f", stored, minChatMRR, plain)
	}
}

// minChatMRR guards against regressions (measured with builtin-hash-v2: plain 0.66, stored 0.84; unchanged in v3).
const minChatMRR = 0.8

// targetRank is the 1-based rank of docs[want] by similarity to q; a tie
// with another document counts against it.
func targetRank(q []float32, docs [][]float32, want int) int {
	target := similarity(q, docs[want])
	rank := 1
	for i, d := range docs {
		if i != want && similarity(q, d) >= target {
			rank++
		}
	}
	return rank
}
