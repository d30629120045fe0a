package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest"
	"github.com/memsvc/memsvc/text"
)

// Config is every setting of the memsvc binary. Each flag --some-name is
// also read from MEMSVC_SOME_NAME; precedence is flag > env > default.
type Config struct {
	StoreConfig     // --store, --postgres-url (store.go)
	ConnLimits      // --max-conns, --write-timeout, … (limits.go)
	Addr            string
	DataDir         string
	AuthSecret      string
	AdminSecret     string // enables the dashboard's operator pages (ui/admin.go)
	AllowOpen       bool   // serve with auth off beyond loopback (exposure.go)
	MaxBodyBytes    int64
	BodyTimeout     time.Duration
	AllowedHosts    string
	AllowedOrigins  string
	LogLevel        string
	LogFormat       string
	NoSync          bool
	ShutdownTimeout time.Duration
	Metrics         bool   // serve /metrics (backup.go)
	MetricsSecret   string // what /metrics asks for; required with auth on (checkMetrics)

	LLMProvider   string
	LLMModel      string
	LLMBaseURL    string
	LLMAPIKey     string
	LLMTimeout    time.Duration
	EmbedProvider string
	EmbedModel    string
	EmbedBaseURL  string
	EmbedAPIKey   string

	ImageMaxBytes   int64
	ImageTimeout    time.Duration
	ImageAllowHosts string
	ImageMaxPending int
	VisionCaptions  bool

	RRFK         int
	BM25K1       float64
	BM25B        float64
	RerankDepth  int
	RerankBudget time.Duration

	PassageWeight     float64
	PassageDecay      float64
	ContextWeight     float64
	ContextSpan       int
	ContextViewWeight float64
	VectorWeight      float64
	SpeakerWeight     float64
	TimeWeight        float64
	FeedbackDocs      int
	FeedbackTerms     int
	NearMeaningWeight float64
	FeedbackWeight    float64
	RelevanceFloor    float64
	ConversationGap   time.Duration
	ShardBudget       int64

	// Set lists the settings that are not their default, each with where
	// it came from (setSettings), for the start-up banner.
	Set []string
}

func defaultDataDir(getenv func(string) string) string {
	if x := getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "memsvc")
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".local", "share", "memsvc")
	}
	return tempDataDir() // checked before use: checkTempDataDir
}

// commonFlags registers the settings every command that opens the data
// directory or reaches a server shares.
func (c *Config) commonFlags(fs *flag.FlagSet, getenv func(string) string) {
	fs.StringVar(&c.DataDir, "data", defaultDataDir(getenv), "data directory (Badger store, images, revocation list)")
	fs.StringVar(&c.AuthSecret, "auth-secret", "", "secret that signs API keys; empty disables auth (prefer the env var)")
	fs.StringVar(&c.LogLevel, "log-level", "info", "log level: debug, info, warn, error")
	fs.StringVar(&c.LogFormat, "log-format", "text", "log format: text, json, logfmt")
	c.storeFlags(fs)
}

// serveFlags registers the settings of the server: its HTTP edge, its
// connection limits (limits.go) and what every command that runs the
// engine takes (engineRunFlags).
func (c *Config) serveFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.Addr, "addr", "127.0.0.1:8765", "listen address")
	fs.BoolVar(&c.AllowOpen, "allow-open", false, "serve with auth off on an address other machines can reach (0.0.0.0, ::, a LAN IP): "+
		"anyone who reaches it has every user's memories; only for a port published on loopback or a trusted network")
	fs.StringVar(&c.AdminSecret, "admin-secret", "", "secret that opens the dashboard's operator pages at /admin; empty: off (prefer the env var)")
	fs.Int64Var(&c.MaxBodyBytes, "max-body-bytes", rest.DefaultMaxBodyBytes, "largest request body in bytes (413 beyond)")
	fs.DurationVar(&c.BodyTimeout, "body-timeout", rest.DefaultBodyTimeout, "how long a client may take to send a request body (400 beyond)")
	fs.StringVar(&c.AllowedHosts, "allowed-hosts", "", "comma list of Host names accepted besides localhost and IP literals ('*': any, when a proxy in front checks Host)")
	fs.StringVar(&c.AllowedOrigins, "allowed-origins", "", "comma list of browser origins (scheme://host[:port]) allowed to send cross-origin writes")
	fs.BoolVar(&c.Metrics, "metrics", false, "serve Prometheus metrics at /metrics (no user data; behind the Host check; with auth on, only to --metrics-secret)")
	fs.StringVar(&c.MetricsSecret, "metrics-secret", "", "secret a scraper sends to read /metrics (Authorization: Bearer SECRET); required with --metrics and auth on, since the counts show every user's traffic (prefer the env var)")
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", 15*time.Second, "how long shutdown waits for in-flight requests, and then for the store to close")
	c.connFlags(fs)
	c.engineRunFlags(fs)
}

// engineRunFlags registers what every command that opens the store and
// runs the engine takes (serve, mcp, export, import, users, bench recall):
// the server's HTTP settings are left out, so that no command lists a flag
// it ignores.
func (c *Config) engineRunFlags(fs *flag.FlagSet) {
	fs.BoolVar(&c.NoSync, "no-sync", false, "do not fsync each commit (faster; a machine crash may lose acknowledged writes)")
	c.leaseFlag(fs)
	c.modelFlags(fs)
	c.engineFlags(fs)
}

// modelFlags registers the models' settings: every command that opens the
// store runs the models it was made with (the store pins its embedder).
func (c *Config) modelFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.LLMProvider, "llm-provider", "", "LLM provider: empty/builtin (offline rules), ollama, openai, anthropic")
	fs.StringVar(&c.LLMModel, "llm-model", "", "chat model name, e.g. llama3.2 or gpt-4o-mini")
	fs.StringVar(&c.LLMBaseURL, "llm-base-url", "", "provider base URL, e.g. http://127.0.0.1:11434 for Ollama")
	fs.StringVar(&c.LLMAPIKey, "llm-api-key", "", "provider API key (prefer the env var)")
	fs.DurationVar(&c.LLMTimeout, "llm-timeout", 20*time.Second, "per-call LLM timeout; a slower call falls back to the built-in path")
	fs.StringVar(&c.EmbedProvider, "embed-provider", "", "embedding provider: empty/builtin (offline), ollama, openai")
	fs.StringVar(&c.EmbedModel, "embed-model", "", "embedding model, e.g. nomic-embed-text")
	fs.StringVar(&c.EmbedBaseURL, "embed-base-url", "", "embedding provider base URL when it is not the LLM provider's (default: --llm-base-url for the same provider, else the provider's own default)")
	fs.StringVar(&c.EmbedAPIKey, "embed-api-key", "", "embedding provider API key when it is not the LLM provider's (prefer the env var)")
	fs.Int64Var(&c.ImageMaxBytes, "image-max-bytes", 10<<20, "largest image fetched or accepted inline (0: the default)")
	fs.DurationVar(&c.ImageTimeout, "image-timeout", 15*time.Second, "time limit of one image download (0: the default)")
	fs.StringVar(&c.ImageAllowHosts, "image-allow-hosts", "", "comma list of hosts, host:port, IPs or CIDRs the image fetcher may reach even if private or loopback")
	fs.BoolVar(&c.VisionCaptions, "vision-captions", false, "caption images with the configured chat model (it must accept images)")
	fs.IntVar(&c.ImageMaxPending, "image-max-pending", 50, "per-user cap on images waiting for capture (429 beyond)")
}

// engineFlags registers the engine's tunables, with the engine's own
// defaults (engine.DefaultConfig).
func (c *Config) engineFlags(fs *flag.FlagSet) {
	defer zeroIsDefault(fs)()
	d := engine.DefaultConfig()
	fs.IntVar(&c.RRFK, "rrf-k", d.RRFK, "reciprocal-rank-fusion constant")
	fs.Float64Var(&c.BM25K1, "bm25-k1", d.BM25K1, "BM25 term-frequency saturation")
	fs.Float64Var(&c.BM25B, "bm25-b", d.BM25B, "BM25 length normalisation")
	fs.Float64Var(&c.PassageWeight, "passage-weight", d.PassageWeight, "fusion weight of the passage view: BM25 over each turn read with its neighbouring turns (negative: off)")
	fs.Float64Var(&c.PassageDecay, "passage-decay", d.PassageDecay, "how much a passage counts the turn next to its own, and each further turn times this again (0 < decay ≤ 1; 0 takes the default)")
	fs.Float64Var(&c.ContextWeight, "context-weight", d.ContextWeight, "share of a memory's score lent to its neighbouring turns in vector mode or without the passage view (negative: off)")
	fs.IntVar(&c.ContextSpan, "context-span", d.ContextSpan, "how many turns each way count as a memory's context, for passages and lent score (1..8)")
	fs.IntVar(&c.FeedbackDocs, "feedback-docs", d.FeedbackDocs, "top text hits used for pseudo-relevance feedback (negative: off)")
	fs.IntVar(&c.FeedbackTerms, "feedback-terms", d.FeedbackTerms, "expansion terms taken from them")
	fs.Float64Var(&c.FeedbackWeight, "feedback-weight", d.FeedbackWeight, "total weight of the expansion terms relative to the query")
	fs.Float64Var(&c.NearMeaningWeight, "near-meaning-weight", d.NearMeaningWeight, "weight of the stored words nearest in meaning to a rare query word no memory holds, in the text views (0: off, the default; up to 1)")
	fs.Float64Var(&c.ContextViewWeight, "context-view-weight", d.ContextViewWeight, "fusion weight of a neighbouring-turns view relative to its base view")
	fs.Float64Var(&c.VectorWeight, "vector-weight", d.VectorWeight, "fusion weight of the vector views in hybrid search")
	fs.Float64Var(&c.SpeakerWeight, "speaker-weight", d.SpeakerWeight, "fusion weight of the view of memories said by a speaker the query names (negative: off)")
	fs.Float64Var(&c.TimeWeight, "time-weight", d.TimeWeight, "fusion weight of the view of memories said around a date the query names (negative: off)")
	fs.Float64Var(&c.RelevanceFloor, "relevance-floor", d.RelevanceFloor, "calibrated score in [0,1] a search result needs to be marked relevant (negative: every result)")
	fs.DurationVar(&c.ConversationGap, "conversation-gap", d.ConversationGap, "silence that ends an implicit conversation of memories without a session id (negative: off)")
	fs.Int64Var(&c.ShardBudget, "shard-budget", d.ShardBudget, "bytes the in-memory search index of all users may take; least recently used users are evicted beyond it and reloaded on demand (negative: no limit)")
	fs.IntVar(&c.RerankDepth, "rerank-depth", d.RerankDepth, "how many fused candidates a reranker sees")
	fs.DurationVar(&c.RerankBudget, "rerank-budget", d.RerankBudget, "time a reranker may take before the fused order stands")
}

// zeroIsDefault notes "(0: the default)" in the usage of every flag fs
// gains until the returned func runs: the engine takes a zero tunable as
// its default (engine.Config.FillDefaults), so --relevance-floor 0 is 0.5
// and --vector-weight 0 is 1, not "every result" or "off" as an operator
// would read a 0.
func zeroIsDefault(fs *flag.FlagSet) func() {
	before := map[string]bool{}
	fs.VisitAll(func(f *flag.Flag) { before[f.Name] = true })
	return func() {
		fs.VisitAll(func(f *flag.Flag) {
			if !before[f.Name] && !strings.Contains(f.Usage, "the default") {
				f.Usage += " (0: the default)"
			}
		})
	}
}

// engineConfig is the engine's part of the config.
func (c *Config) engineConfig() engine.Config {
	return engine.Config{RRFK: c.RRFK, BM25K1: c.BM25K1, BM25B: c.BM25B,
		RerankDepth: c.RerankDepth, RerankBudget: c.RerankBudget, PassageWeight: c.PassageWeight,
		PassageDecay: c.PassageDecay, ContextWeight: c.ContextWeight,
		ContextSpan: c.ContextSpan, ContextViewWeight: c.ContextViewWeight, VectorWeight: c.VectorWeight,
		SpeakerWeight: c.SpeakerWeight, TimeWeight: c.TimeWeight,
		FeedbackDocs: c.FeedbackDocs, FeedbackTerms: c.FeedbackTerms, FeedbackWeight: c.FeedbackWeight, NearMeaningWeight: c.NearMeaningWeight,
		RelevanceFloor: c.RelevanceFloor, ConversationGap: c.ConversationGap, ShardBudget: c.ShardBudget}
}

// checkEngineConfig runs the engine's one Validate before anything opens,
// and names the flag of the field it rejects (bm25_b → --bm25-b).
func (c *Config) checkEngineConfig() error {
	ec := c.engineConfig()
	err := ec.Validate()
	if err == nil {
		return nil
	}
	field, msg, _ := strings.Cut(engine.ErrorMessage(err), ": ")
	return errUsage{fmt.Errorf("--%s %s", strings.ReplaceAll(field, "_", "-"), msg)}
}

// checkLimits refuses a negative size, count or time limit of the server,
// naming its flag: each would otherwise refuse every request it bounds
// (--image-max-pending -1: every image a 429) or fall back to a default
// without a word.
func (c *Config) checkLimits() error {
	for _, l := range []struct {
		flag string
		bad  bool
	}{
		{"--max-body-bytes must be ≥ 0 (0: the default)", c.MaxBodyBytes < 0},
		{"--image-max-bytes must be ≥ 0 (0: the default)", c.ImageMaxBytes < 0},
		{"--image-max-pending must be ≥ 0 (0: the default)", c.ImageMaxPending < 0},
		{"--image-timeout must be ≥ 0 (0: the default)", c.ImageTimeout < 0},
		{"--llm-timeout must be ≥ 0", c.LLMTimeout < 0},
		{"--shutdown-timeout must be ≥ 0", c.ShutdownTimeout < 0},
		{"--body-timeout must be positive", c.BodyTimeout <= 0},
		{"--job-lease must be positive", c.JobLease <= 0},
	} {
		if l.bad {
			return errUsage{errors.New(l.flag)}
		}
	}
	return nil
}

// checkSecret refuses an auth, admin or metrics secret too short to be
// safe. The admin secret opens the operator pages, which mint a key for
// any user: it is worth as much as the auth secret, and is typed into a
// form anyone who reaches the server can post to, so a short one could be
// guessed. The metrics secret is sent by a scraper on every request.
func (c *Config) checkSecret() error {
	for _, s := range []struct{ flag, value string }{
		{"--auth-secret (MEMSVC_AUTH_SECRET)", c.AuthSecret},
		{"--admin-secret (MEMSVC_ADMIN_SECRET)", c.AdminSecret},
		{"--metrics-secret (MEMSVC_METRICS_SECRET)", c.MetricsSecret},
	} {
		if s.value != "" && len(s.value) < auth.MinSecretBytes {
			return errUsage{fmt.Errorf("%s: must be at least %d bytes, got %d; make a good one with: openssl rand -hex 32",
				s.flag, auth.MinSecretBytes, len(s.value))}
		}
		// An env file or a Kubernetes secret often leaves a space or a line
		// break at the end: taken as part of the secret, keys minted in a
		// shell with the bare secret were refused by the server, or the
		// other way round, as "invalid or revoked" and nothing said why.
		if padded(s.value) {
			return errUsage{fmt.Errorf("%s: %s", s.flag, paddedNote)}
		}
	}
	return nil
}

// checkMetrics refuses --metrics with auth on and no --metrics-secret:
// the counts carry no user's data but show every user's traffic, so no
// user's key opens them, and serving them to anyone would undo the keys.
func (c *Config) checkMetrics() error {
	if c.Metrics && c.AuthSecret != "" && c.MetricsSecret == "" {
		return errUsage{errors.New("--metrics with auth on needs --metrics-secret (MEMSVC_METRICS_SECRET), which a scraper sends as " +
			"Authorization: Bearer SECRET; make one with: openssl rand -hex 32")}
	}
	return nil
}

// parseFlags parses the flags of a command that takes no arguments: a
// stray word is a usage error rather than ignored, since it is usually a
// value whose flag swallowed the next flag (`export --user --data DIR`).
func parseFlags(fs *flag.FlagSet, args []string, getenv func(string) string) error {
	if err := parseFlagsAndArgs(fs, args, getenv); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		if name := emptySecretBefore(args, fs.Arg(0)); name != "" {
			return errUsage{fmt.Errorf("%s: unexpected argument after %s= (not shown: it may be that flag's value); "+
				"write %s=VALUE with no space (see memsvc %s --help)", fs.Name(), name, name, fs.Name())}
		}
		return errUsage{fmt.Errorf("%s: unexpected argument %q%s (see memsvc %s --help)", fs.Name(), fs.Arg(0),
			argAsFlag(fs, fs.Arg(0), commandLineOnly[fs.Name()]), fs.Name())}
	}
	return nil
}

// emptySecretBefore is the flag that may hold a secret written with an
// empty "=" value right before word ("--auth-secret= SECRET", a space
// typed after the "="), or "": the stray word is then that secret, and
// quoting it put the secret on stderr.
func emptySecretBefore(args []string, word string) string {
	for i := 1; i < len(args); i++ {
		if name, val, eq := strings.Cut(args[i-1], "="); args[i] == word && eq && val == "" && secretFlag(name) {
			return name
		}
	}
	return ""
}

// argAsFlag is the hint for a word a command took as an argument when it
// takes none: the flag among flags (those that say whose data or which
// file) not given yet that the word most likely meant, as in `memsvc
// users erase alice` for --user alice or `memsvc import a.jsonl` for --in.
// A word that looks like a path goes to a file flag, any other to the
// first other one. Accepting the word instead would guess at whose data a
// command erases or exports; "" when no flag is left to suggest.
func argAsFlag(fs *flag.FlagSet, word string, flags []string) string {
	if strings.HasPrefix(word, "-") && word != "-" { // a flag after "--": no value
		return ""
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	pathLike := strings.ContainsAny(word, "./"+string(filepath.Separator)) || word == "-"
	meant := ""
	for _, name := range flags {
		if set[name] || fs.Lookup(name) == nil || isBoolFlag(fs.Lookup(name)) { // a bool takes no word
			continue
		}
		if fileFlag := name == "in" || name == "out" || name == "data"; meant == "" || fileFlag == pathLike {
			meant = name
			if fileFlag == pathLike {
				break
			}
		}
	}
	if meant == "" {
		return ""
	}
	return fmt.Sprintf("; it takes no arguments: did you mean --%s %s?", meant, shellWords([]string{word}))
}

// parseFlagsAndArgs parses args, flags and arguments in any order (`keys
// revoke KEY --data DIR`), then fills every flag not given on the command
// line from its MEMSVC_* environment variable. The arguments are fs.Args().
func parseFlagsAndArgs(fs *flag.FlagSet, args []string, getenv func(string) string) error {
	if err := parseArgs(fs, args, getenv, envFor(fs.Name())); err != nil {
		return err
	}
	// An empty MEMSVC_DATA_DIR means the default, but an empty --data is a
	// mistake (an unset shell variable) that would reach mkdir("").
	f := fs.Lookup("data")
	if f == nil {
		return nil
	}
	if f.Value.String() == "" {
		return errUsage{fmt.Errorf("%s: --data must name a directory, got an empty value", fs.Name())}
	}
	if padded(f.Value.String()) { // typed so (the variable's padding is refused above, naming it)
		return errUsage{fmt.Errorf("%s: --data %q %s", fs.Name(), f.Value.String(), paddedNote)}
	}
	if usesTempDataDir(fs, getenv) {
		if err := checkTempDataDir(f.Value.String()); err != nil {
			return err
		}
	}
	dir, err := expandHome(f.Value.String(), getenv)
	if err != nil {
		return errUsage{fmt.Errorf("%s: --data %w", fs.Name(), err)}
	}
	if err := danglingLink(dir); err != nil {
		return err
	}
	if err := fileInTheWay(dir); err != nil {
		return err
	}
	return innerValue(f.Value).Set(dir)
}

// setSettings lists each flag of fs whose value is not its default with
// where it came from, the command line (args) or its env var (named by
// env): "max-conns=64 (MEMSVC_MAX_CONNS)". The banner shows it, so an
// operator sees which settings took effect and which of flag > env >
// default set them. A value that may be a secret is shown as ***.
func setSettings(fs *flag.FlagSet, args []string, env func(string) string) []string {
	var set []string
	fs.VisitAll(func(f *flag.Flag) {
		v := f.Value.String()
		if v == f.DefValue {
			return
		}
		if secretFlag("--" + f.Name) {
			v = "***"
		}
		from := env(f.Name)
		if onCommandLine(args, f.Name) {
			from = "flag"
		}
		set = append(set, fmt.Sprintf("%s=%s (%s)", f.Name, v, from))
	})
	return set
}

// expandHome turns a leading ~ of a directory into $HOME: no shell expands
// it in an env file (systemd, docker) or after --data=, and a directory
// literally named "~" in the working directory is a trap.
func expandHome(dir string, getenv func(string) string) (string, error) {
	if dir != "~" && !strings.HasPrefix(dir, "~/") {
		if strings.HasPrefix(dir, "~") {
			return "", fmt.Errorf("%s: ~user is not expanded; write the full path", dir)
		}
		return dir, nil
	}
	home := getenv("HOME")
	if home == "" {
		return "", fmt.Errorf("%s: HOME is not set to expand ~; write the full path", dir)
	}
	return filepath.Join(home, strings.TrimPrefix(dir, "~")), nil
}

// parseArgs parses flags and arguments in any order, then fills every flag
// not given on the command line from its environment variable, named by
// env. "help" as the first argument asks for the usage, as `memsvc help
// CMD` and `memsvc keys help` do; a flag given twice with different values
// is a usage error, since either one would be dropped without a word.
func parseArgs(fs *flag.FlagSet, args []string, getenv func(string) string, env func(string) string) error {
	if err := flagAsValue(fs, args); err != nil {
		return err
	}
	twice := onlyOnce(fs)
	var positional []string
	for {
		if err := parseCommandLine(fs, args); err != nil {
			return err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			positional = append(positional, rest...) // after "--": all arguments
			break
		}
		if len(positional) == 0 && rest[0] == "help" {
			fs.Usage()
			return errFlags{flag.ErrHelp}
		}
		positional, args = append(positional, rest[0]), rest[1:]
	}
	if *twice != nil {
		return errUsage{fmt.Errorf("%s: %w (see memsvc %s --help)", fs.Name(), *twice, fs.Name())}
	}
	if err := emptyTypedOnly(fs, env); err != nil {
		return err
	}
	if err := fs.Parse(append([]string{"--"}, positional...)); err != nil {
		return errUsage{err}
	}
	return fillFromEnv(fs, getenv, env)
}

// flagAsValue refuses a flag whose value is missing, so that the next
// flag became it: `serve --addr --data DIR` took "--data" for the
// address and then called DIR an unexpected argument. A value that only
// starts with '-' (a negative number) is no flag and passes.
func flagAsValue(fs *flag.FlagSet, args []string) error {
	for i := 0; i+1 < len(args) && args[i] != "--"; i++ {
		f, hasValue := flagIn(fs, args[i])
		if f == nil || hasValue || isBoolFlag(f) {
			continue
		}
		if next, _ := flagIn(fs, args[i+1]); next != nil {
			return errUsage{fmt.Errorf("%s: --%s needs a value, and is followed by the flag %s: %s (see memsvc %s --help)",
				fs.Name(), f.Name, args[i+1], acceptedForm(f), fs.Name())}
		}
		i++ // the value
	}
	return nil
}

// flagIn is the flag of fs that arg names (-name, --name or --name=v),
// and whether arg carries its value.
func flagIn(fs *flag.FlagSet, arg string) (*flag.Flag, bool) {
	if !strings.HasPrefix(arg, "-") {
		return nil, false
	}
	name, _, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-"), "=")
	return fs.Lookup(name), hasValue
}

// isBoolFlag reports a flag that takes no separate value (--no-sync).
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// emptyTypedOnly refuses a command-line-only flag (whose data, which
// file: --user, --out, --in, --confirm) given an empty value: that is an
// unset shell variable (--user "$U"), and `export --user ""` exported
// every user's data, `import --in ""` read stdin.
func emptyTypedOnly(fs *flag.FlagSet, env func(string) string) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if err == nil && env(f.Name) == "" && f.Value.String() == "" {
			err = errUsage{fmt.Errorf("%s: --%s is empty (an unset shell variable?): give it a value, or leave it out "+
				"(see memsvc %s --help)", fs.Name(), f.Name, fs.Name())}
		}
	})
	return err
}

// onlyOnce makes every flag of fs note a second, different value instead
// of taking it; the returned error is the first such flag.
func onlyOnce(fs *flag.FlagSet) *error {
	twice := new(error)
	fs.VisitAll(func(f *flag.Flag) { f.Value = &onceValue{Value: f.Value, name: f.Name, twice: twice} })
	return twice
}

// onceValue is a flag value that takes one value; a second, different one
// is noted in twice (repeating the same value is harmless). The note shows
// both values, except for a flag that may hold a secret (secretFlag):
// stderr ends up in service logs.
type onceValue struct {
	flag.Value
	name  string
	first *string
	twice *error
}

func (o *onceValue) Set(v string) error {
	if o.first != nil {
		switch {
		case *o.first == v || *o.twice != nil:
		case secretFlag("--" + o.name):
			*o.twice = fmt.Errorf("--%s given twice, with different values (not shown: they may be secrets); give it once", o.name)
		default:
			*o.twice = fmt.Errorf("--%s given twice (%q, then %q); give it once", o.name, *o.first, v)
		}
		return nil
	}
	o.first = &v
	return o.Value.Set(v)
}

// innerValue is the flag's own value under onceValue, for setting it after
// parsing and for naming its type.
func innerValue(v flag.Value) flag.Value {
	if o, ok := v.(*onceValue); ok {
		return o.Value
	}
	return v
}

// IsBoolFlag keeps a boolean flag usable without a value (--no-sync).
func (o *onceValue) IsBoolFlag() bool {
	b, ok := o.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// fillFromEnv sets every flag not given on the command line from its
// environment variable, named by env. A bad value is a usage error naming
// the variable and the accepted form, also under a flag given on the
// command line, which wins only over a value its flag could take: the
// typo would otherwise lie in wait for the next run without the flag.
// Every bad variable is named, so one run shows all there is to fix.
func fillFromEnv(fs *flag.FlagSet, getenv func(string) string, env func(string) string) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var bad []string
	hidden := false // a bad variable under a flag given
	fs.VisitAll(func(f *flag.Flag) {
		v := ""
		if env(f.Name) != "" { // "": a command-line-only flag (envFor)
			v = getenv(env(f.Name))
		}
		if v == "" {
			return
		}
		if padded(v) {
			bad = append(bad, fmt.Sprintf("%s (--%s): %s", env(f.Name), f.Name, paddedNote))
			hidden = hidden || set[f.Name]
			return
		}
		target := f.Value
		if check := shadowChecks[f.Name]; set[f.Name] && check != nil {
			if e := check(v); e != nil {
				bad = append(bad, fmt.Sprintf("%s=%q: %s", env(f.Name), v, e))
				hidden = true
			}
			return
		}
		if set[f.Name] {
			if target = scratchValue(f.Value); target == nil {
				return
			}
		}
		if e := target.Set(v); e != nil {
			bad = append(bad, fmt.Sprintf("%s=%q: %s%s", env(f.Name), v, rangeNote(e), acceptedForm(f)))
			hidden = hidden || set[f.Name]
		}
	})
	if len(bad) == 0 {
		return nil
	}
	msg := strings.Join(bad, "; ")
	if hidden {
		msg += " (a flag on the command line wins over a variable its flag can take, not over a bad one: fix or unset the variable)"
	}
	return errUsage{errors.New(msg)}
}

// padded reports a value that begins or ends with white space, and
// paddedNote says why that is refused. An env file, a Kubernetes secret
// or a pasted line leaves a space or a line break there, and the value
// was taken as it came: MEMSVC_DATA_DIR=" /srv/memsvc" served a new,
// empty directory named " " under the working directory. The value is
// not shown: it may be a key.
func padded(v string) bool { return strings.TrimSpace(v) != v }

const paddedNote = "begins or ends with white space (a space, tab or line break), which is easy to lose or add " +
	"between an env file and a shell: remove it"

// shadowChecks are the checks of a string flag's value beyond its type,
// tried on its variable's value too when the command line gives the flag:
// they ran only on the value chosen, so MEMSVC_ADDR=garbage beside --addr
// passed without a word and lay in wait for the next run without the flag.
var shadowChecks = map[string]func(string) error{
	"addr":       checkAddr,
	"log-level":  checkLogLevel,
	"log-format": checkLogFormat,
}

// scratchValue is a new, unset value of v's type, to try a variable's
// value on without touching the flag that the command line set; nil for a
// type that is no pointer to a plain value (fs.Func, fs.TextVar), whose
// zero value could not parse.
func scratchValue(v flag.Value) flag.Value {
	t := reflect.TypeOf(innerValue(v))
	if t.Kind() != reflect.Pointer {
		return nil
	}
	switch t.Elem().Kind() {
	case reflect.Struct, reflect.Func, reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice:
		return nil
	}
	nv, _ := reflect.New(t.Elem()).Interface().(flag.Value)
	return nv
}

// envName maps a flag name to its environment variable; --data is the one
// exception, documented in API.md as MEMSVC_DATA_DIR.
func envName(flagName string) string {
	if flagName == "data" {
		return "MEMSVC_DATA_DIR"
	}
	return "MEMSVC_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// commandLineOnly lists, per command, the flags read from the command line
// alone: each names what a command that erases, exports, imports or mints
// acts on (whose data, which file), and a variable left in a shell would
// change it without a word. MEMSVC_USER set for `memsvc mcp` turned
// `memsvc export` of every user into one user's, MEMSVC_OUT made `memsvc
// export > all.jsonl` replace another file, and a MEMSVC_CONFIRM beside
// MEMSVC_USER confirmed every erase. Settings an operator keeps in an env
// file (--data, --server, --client, mcp's --user) keep their variables.
var commandLineOnly = map[string][]string{
	"export":      {"user", "out", "force"},
	"import":      {"in"},
	"users erase": {"user", "confirm"},
	"keys create": {"user", "no-check"}, // no-check: one run's choice
	"backup":      {"out", "force"},     // force: one run's choice
	"restore":     {"in"},
	"reembed":     {"reembed-batch"}, // one run's pace, not a setting of the store
}

// envFor maps the flags of the command cmd ("export", "users erase") to
// their environment variables: none ("") for a command-line-only flag.
func envFor(cmd string) func(string) string {
	return func(flagName string) string {
		if slices.Contains(commandLineOnly[cmd], flagName) {
			return ""
		}
		return envName(flagName)
	}
}

// commandPath is the command args run, with its subcommand for the
// commands that take one ("keys create", "users erase").
func commandPath(args []string) string {
	if len(args) > 1 && (args[0] == "keys" || args[0] == "users") {
		return args[0] + " " + args[1]
	}
	if len(args) > 0 {
		return args[0]
	}
	return ""
}

// unreadEnv lists the command-line-only flags of cmd that args do not give
// and whose variable (by envName) is set, with those variables.
func unreadEnv(getenv func(string) string, cmd string, args []string) (vars, flags []string) {
	for _, name := range commandLineOnly[cmd] {
		if v := envName(name); getenv(v) != "" && !onCommandLine(args, name) {
			vars, flags = append(vars, v), append(flags, "--"+name)
		}
	}
	return vars, flags
}

// withUnreadEnv tells that the variables of command-line-only flags of
// cmd are set and not read (MEMSVC_USER may be meant for `memsvc mcp`), so
// that an operator used to them learns why the command did otherwise:
// added to err, or on its own line after a success.
func withUnreadEnv(err error, sys IO, cmd string, args []string) error {
	vars, flags := unreadEnv(sys.Getenv, cmd, args)
	if len(vars) == 0 || errors.As(err, new(errFlags)) {
		return err
	}
	note := fmt.Sprintf("%s does not read %s: give %s on the command line, since whose data a command acts on "+
		"and which file it writes never come from the environment", cmd, strings.Join(vars, ", "), strings.Join(flags, ", "))
	switch {
	case err == nil:
		fmt.Fprintln(sys.Stderr, "memsvc: note:", note)
		return nil
	case errors.As(err, new(errUsage)):
		return errUsage{fmt.Errorf("%w; %s", err, note)}
	}
	return fmt.Errorf("%w; %s", err, note)
}

// parseCommandLine parses args into fs. --help (-h) prints the usage on
// stdout and is errFlags{flag.ErrHelp} (exit 0); any other error is one
// line naming the flag, with the accepted form and a hint to --help
// (errUsage, exit 2). The flag package itself prints nothing.
func parseCommandLine(fs *flag.FlagSet, args []string) error {
	usage := fs.Usage
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = usage
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		usage()
		return errFlags{err}
	}
	msg := err.Error()
	if m := badValue.FindStringSubmatch(msg); m != nil {
		if f := fs.Lookup(m[2]); f != nil {
			msg = fmt.Sprintf("--%s %s: %s%s", f.Name, m[1], rangeNote(err), acceptedForm(f))
		}
	} else if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		name = strings.TrimPrefix(name, "-")
		msg = "unknown flag --" + name + strings.Replace(flagMeant(fs, name), `"`, `"--`, 1)
	} else if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		if f := fs.Lookup(strings.TrimPrefix(name, "-")); f != nil {
			msg = fmt.Sprintf("--%s needs a value: %s", f.Name, acceptedForm(f))
		}
	}
	return errUsage{fmt.Errorf("%s: %s (see memsvc %s --help)", fs.Name(), msg, fs.Name())}
}

// flagMeant is text.DidYouMean for a flag of fs: first the flag whose variable
// the name spells (--data-dir, from MEMSVC_DATA_DIR, is --data), then the
// closest name.
func flagMeant(fs *flag.FlagSet, name string) string {
	var names []string
	byVariable := ""
	fs.VisitAll(func(f *flag.Flag) {
		names = append(names, f.Name)
		if f.Name != name && envName(f.Name) == envName(name) {
			byVariable = f.Name
		}
	})
	if byVariable != "" {
		return fmt.Sprintf("; did you mean %q?", byVariable)
	}
	return text.DidYouMean(name, names...)
}

// badValue matches the flag package's error for a value it cannot parse.
// ("for flag -name" for most values, "for -name" for a boolean).
var badValue = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-(\S+):`)

// rangeNote is how the refusal of a flag's value begins: a number too
// large (or too small) for its type is in the accepted form, so "must be a
// whole number" alone would contradict what was typed.
func rangeNote(err error) string {
	if strings.HasSuffix(err.Error(), "value out of range") { // the flag package's errRange
		return "out of range; must be "
	}
	return "must be "
}

// acceptedForm says what a flag takes, with an example.
func acceptedForm(f *flag.Flag) string {
	example := "--" + f.Name + " " + f.DefValue
	switch fmt.Sprintf("%T", innerValue(f.Value)) {
	case "*flag.intValue", "*flag.int64Value", "*flag.uintValue", "*flag.uint64Value":
		if strings.HasSuffix(f.Name, "-bytes") || strings.HasPrefix(f.Usage, "bytes ") {
			// A size in bytes: "1GB" or "1g" would be ambiguous (10⁹ or 2³⁰),
			// so the number is asked for, and the units spelt out.
			return "a whole number of bytes, no unit (1 MiB is 1048576, 1 GiB is 1073741824), e.g. " + example
		}
		return "a whole number (no units), e.g. " + example
	case "*flag.float64Value":
		return "a number, e.g. " + example
	case "*flag.durationValue":
		return "a duration such as 500ms, 15s, 2m or 1h, e.g. " + example
	case "*flag.boolValue":
		return "true or false, e.g. --" + f.Name + "=true"
	}
	if f.DefValue == "" { // no example to give: "e.g. --user " showed nothing
		return "a string"
	}
	return "a string, e.g. " + example
}

// newFlagSet returns a FlagSet whose usage (on stdout: it is asked for)
// lists each flag with its env var.
func newFlagSet(name, summary string, stdout io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(stdout, "Usage: memsvc %s [flags]\n\n%s\n\n", name, summary)
		printFlags(stdout, fs, envFor(name))
	}
	return fs
}

// printFlags lists every flag of fs with its env var (named by env), usage
// and default.
func printFlags(w io.Writer, fs *flag.FlagSet, env func(string) string) {
	fmt.Fprintln(w, "Flags (each also read from its env var; a flag on the command line wins over its env var):")
	fs.VisitAll(func(f *flag.Flag) {
		def := f.DefValue
		if def != "" {
			def = " (default " + def + ")"
		}
		from := env(f.Name)
		if from == "" {
			from = "command line only"
		}
		fmt.Fprintf(w, "  --%s  [%s]\n      %s%s\n", f.Name, from, f.Usage, def)
	})
}
