package llm

// isStopword reports whether w (lower-cased) is an English function word or conversational filler: words that
// say nothing about what a text is about. The built-in embedder keeps them at a tiny weight (so a text made only
// of them still has a direction) and the reranker ignores them.
func isStopword(w string) bool {
	switch w {
	// articles, determiners, pronouns
	case "a", "an", "the", "this", "that", "these", "those", "some", "any", "each", "every", "either", "neither",
		"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves", "you", "your", "yours",
		"yourself", "yourselves", "he", "him", "his", "himself", "she", "her", "hers", "herself", "it", "its",
		"itself", "they", "them", "their", "theirs", "themselves", "one", "ones", "other", "others", "such",
		"own", "same", "all", "both", "few", "more", "most", "many", "much", "several", "something",
		"anything", "everything", "nothing", "someone", "anyone", "everyone", "somebody", "anybody":
		return true
	// auxiliaries and modals
	case "am", "is", "are", "was", "were", "be", "been", "being", "do", "does", "did", "doing", "done",
		"have", "has", "had", "having", "will", "would", "shall", "should", "can", "could", "may", "might",
		"must", "ought", "not", "no", "nor":
		return true
	// prepositions, conjunctions, question words
	case "of", "in", "on", "at", "to", "for", "from", "by", "with", "about", "as", "into", "onto", "upon",
		"over", "under", "above", "below", "up", "down", "out", "off", "through", "during", "before", "after",
		"between", "against", "among", "within", "without", "via", "per", "than", "then", "and", "or", "but",
		"if", "because", "while", "until", "so", "though", "although", "whether", "what", "which", "who",
		"whom", "whose", "when", "where", "why", "how", "there", "here", "again", "further", "once":
		return true
	// adverbs and conversational filler
	case "also", "just", "only", "very", "too", "really", "quite", "pretty", "rather", "even", "still",
		"already", "yet", "ever", "always", "never", "often", "sometimes", "now", "well", "oh", "ah", "yeah",
		"yes", "yep", "nope", "ok", "okay", "hey", "hi", "hello", "wow", "lol", "haha", "hmm", "um", "uh",
		"gonna", "wanna", "gotta", "thanks", "thank", "please", "sure", "totally", "definitely", "actually",
		"basically", "literally", "like", "kind", "sort", "lot", "lots", "thing", "things", "stuff", "way",
		"let", "s", "t", "d", "ll", "m", "re", "ve":
		return true
	// more prepositions and discourse words
	case "toward", "towards", "across", "along", "around", "behind", "beside", "besides", "beyond", "near",
		"since", "throughout", "till", "unto", "amongst", "amid", "inside", "outside", "anyway", "anyways",
		"else", "maybe", "perhaps", "probably", "anyhow", "instead", "otherwise", "however", "therefore":
		return true
	}
	return false
}
