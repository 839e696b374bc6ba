// Package cli is hvlbctl: a client of the controller's REST API (docs/api.md) and
// nothing else. It holds no state of its own; every command is one or a few requests.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"hvlb/internal/certs"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // the server refused, or it could not be reached
	exitUsage = 2 // bad arguments; nothing was sent
)

const defaultServer = "https://127.0.0.1:8443"

// globals are the flags every command takes, before or after its own.
type globals struct {
	server, token, tokenFile, ca, cert, key, certsDir, output string
	timeout                                                   time.Duration

	fwdSocket string // --forwarder SOCKET, before the command: drive that forwarder (local.go)
}

var globalNames = map[string]bool{"server": true, "token": true, "token-file": true, "ca": true,
	"cert": true, "key": true, "certs": true, "o": true, "timeout": true}

func (g *globals) register(fs *flag.FlagSet) {
	fs.StringVar(&g.server, "server", g.server, "controller URL; a group's, comma-separated, tried in turn (env HVLB_SERVER; default "+defaultServer+")")
	fs.StringVar(&g.token, "token", g.token, "bearer token (env HVLB_TOKEN)")
	fs.StringVar(&g.tokenFile, "token-file", g.tokenFile, "file whose first line is the bearer token (env HVLB_TOKEN_FILE)")
	fs.StringVar(&g.ca, "ca", g.ca, "CA certificate that signed the controller's (env HVLB_CA; default: system roots)")
	fs.StringVar(&g.cert, "cert", g.cert, "client certificate, when the controller asks for one (env HVLB_CERT)")
	fs.StringVar(&g.key, "key", g.key, "client certificate's key (env HVLB_KEY)")
	fs.StringVar(&g.certsDir, "certs", g.certsDir, "directory written by 'certs init': defaults for --ca, --token-file, --cert, --key (env HVLB_CERTS)")
	fs.StringVar(&g.output, "o", g.output, "output: table, wide (every field, unrounded) or json")
	fs.DurationVar(&g.timeout, "timeout", g.timeout, "time limit of each request (default 30s)")
}

// env is what a command runs with.
type env struct {
	getenv         func(string) string
	stdout, stderr io.Writer
	g              globals
}

// command is one hvlbctl command; run declares its flags on cl.fs and calls cl.parse.
type command struct {
	name string // words after hvlbctl, e.g. "vs add"
	args string // positional arguments, for the usage line
	help string
	run  func(e *env, cl *cmdline) error
}

var commands []*command

func init() {
	commands = append(commands, serviceCommands...)
	commands = append(commands, readoutCommands...)
	commands = append(commands,
		&command{"certs init", "", "write a CA, certificates for the controller, the agents of --agent IDS, hvlbctl and a group's etcd, and a token file", certsInit})
}

// usageError is a mistake in the arguments; it exits 2.
type usageError struct{ msg string }

func (u *usageError) Error() string { return u.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// errHelp: -h was asked for and the help is printed.
var errHelp = errors.New("help")

// Main runs hvlbctl with args (without the program name) and returns the exit status.
func Main(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	e := &env{getenv: getenv, stdout: stdout, stderr: stderr}
	fs := flag.NewFlagSet("hvlbctl", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	e.g.register(fs)
	fs.StringVar(&e.g.fwdSocket, "forwarder", "", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			e.usage(stdout)
			return exitOK
		}
		fmt.Fprintf(stderr, "hvlbctl: %v\n", err)
		e.usage(stderr)
		return exitUsage
	}
	rest := fs.Args()
	if len(rest) == 0 {
		e.usage(stderr)
		return exitUsage
	}
	if rest[0] == "__complete" { // the shell completion scripts' question (completion.go)
		complete(stdout, rest[1:])
		return exitOK
	}
	if rest[0] == "help" {
		e.usage(stdout)
		return exitOK
	}
	c, rest := lookupIn(e.table(), rest)
	if c == nil {
		if status, isGroup := e.groupHelp(rest); isGroup {
			return status
		}
	}
	if c == nil {
		fmt.Fprintf(stderr, "hvlbctl: unknown command %q\n", strings.Join(rest, " "))
		e.usage(stderr)
		return exitUsage
	}
	cl := &cmdline{c: c, args: rest, fs: flag.NewFlagSet("hvlbctl "+c.name, flag.ContinueOnError)}
	cl.fs.SetOutput(io.Discard)
	e.g.register(cl.fs)
	err := c.run(e, cl)
	var ue *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errHelp):
		cl.printHelp(stdout)
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "hvlbctl %s: %s\nusage: %s\n", c.name, ue.msg, cl.usageLine())
		return exitUsage
	default:
		fmt.Fprintf(stderr, "hvlbctl: %v\n", err)
		return exitError
	}
}

// lookup finds the command named by the longest prefix of words; on failure it returns
// nil and the words it could not match.
func lookup(words []string) (*command, []string) { return lookupIn(commands, words) }

func lookupIn(table []*command, words []string) (*command, []string) {
	for n := min(2, len(words)); n >= 1; n-- {
		name := strings.Join(words[:n], " ")
		for _, c := range table {
			if c.name == name {
				return c, words[n:]
			}
		}
	}
	return nil, words[:min(2, len(words))]
}

func (e *env) usage(w io.Writer) {
	if e.g.fwdSocket != "" {
		e.localUsage(w)
		return
	}
	fmt.Fprintf(w, "usage: hvlbctl [global flags] COMMAND [flags]\n\ncommands:\n")
	names := make([]string, 0, len(commands))
	byName := map[string]*command{}
	for _, c := range commands {
		names = append(names, c.name)
		byName[c.name] = c
	}
	sort.Strings(names)
	for _, n := range names {
		c := byName[n]
		fmt.Fprintf(w, "  %-42s %s\n", strings.TrimSpace(c.name+" "+c.args), c.help)
	}
	fmt.Fprintf(w, "\nglobal flags:\n")
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	(&globals{}).register(fs)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fmt.Fprintf(w, "  -forwarder SOCKET\n    \tbefore the command: drive the forwarder of this local socket directly (hvlbctl --forwarder SOCKET -h)\n")
	fmt.Fprintf(w, "\n'hvlbctl COMMAND -h' lists a command's flags.\n")
}

// cmdline is one command's arguments and flag set.
type cmdline struct {
	c    *command
	fs   *flag.FlagSet
	args []string
	pos  []string        // positional arguments, after parse
	set  map[string]bool // flags given on the command line, after parse
}

func (cl *cmdline) usageLine() string {
	prog := "hvlbctl "
	if slices.Contains(localCommands, cl.c) && cl.c != completionCmd {
		prog += "--forwarder SOCKET "
	}
	return strings.TrimSpace(prog + cl.c.name + " " + cl.c.args + " [flags]")
}

func (cl *cmdline) printHelp(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n%s\n", cl.usageLine(), cl.c.help)
	first := true
	cl.fs.VisitAll(func(f *flag.Flag) {
		if globalNames[f.Name] {
			return
		}
		if first {
			fmt.Fprintf(w, "\nflags:\n")
			first = false
		}
		typ, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  --%s %s\n    \t%s", f.Name, typ, usage)
		if f.DefValue != "" && f.DefValue != "[]" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" {
			fmt.Fprintf(w, " (default %s)", f.DefValue)
		}
		fmt.Fprintln(w)
	})
	fmt.Fprintf(w, "\nglobal flags (hvlbctl -h) are taken here too.\n")
}

// parse reads flags wherever they are among the arguments (so that "rs add ID ADDR
// --weight 5" works) and checks that there are between minPos and maxPos positional
// arguments (maxPos < 0: no limit).
func (cl *cmdline) parse(minPos, maxPos int) error {
	args := cl.args
	for {
		if err := cl.fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return errHelp
			}
			return &usageError{err.Error()}
		}
		rest := cl.fs.Args()
		if len(rest) == 0 {
			break
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			cl.pos = append(cl.pos, rest...)
			break
		}
		cl.pos = append(cl.pos, rest[0])
		args = rest[1:]
	}
	cl.set = map[string]bool{}
	cl.fs.Visit(func(f *flag.Flag) { cl.set[f.Name] = true })
	switch {
	case len(cl.pos) < minPos:
		return usagef("missing argument: %s", cl.c.args)
	case maxPos >= 0 && len(cl.pos) > maxPos:
		return usagef("unexpected argument %q", cl.pos[maxPos])
	}
	if o := cl.fs.Lookup("o").Value.String(); o != "" && o != "table" && o != "wide" && o != "json" && (o != "yaml" || !yamlCommands[cl.c.name]) {
		return usagef("-o %q: want table, wide or json", o)
	}
	return nil
}

// list is a flag that may be repeated and takes comma-separated values; an empty value
// clears what came before (so --forwarder "" means none).
type list struct {
	vals []string
	set  bool
}

func (l *list) String() string { return strings.Join(l.vals, ",") }

func (l *list) Set(s string) error {
	l.set = true
	if s == "" {
		l.vals = []string{}
		return nil
	}
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			l.vals = append(l.vals, v)
		}
	}
	return nil
}

// json says whether the output is the server's JSON.
func (e *env) json() bool { return e.g.output == "json" }

// firstOf returns the first non-empty string.
func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// resolve fills the connection settings from flags, then the environment, then the
// certificate directory, then the defaults.
func (e *env) resolve() (server, token string, err error) {
	g := &e.g
	server = firstOf(g.server, e.getenv("HVLB_SERVER"), defaultServer)
	dir := firstOf(g.certsDir, e.getenv("HVLB_CERTS"))
	inDir := func(name string) string {
		if dir == "" {
			return ""
		}
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return ""
		}
		return filepath.Join(dir, name)
	}
	g.ca = firstOf(g.ca, e.getenv("HVLB_CA"), inDir(certs.CAFile))
	g.cert = firstOf(g.cert, e.getenv("HVLB_CERT"))
	g.key = firstOf(g.key, e.getenv("HVLB_KEY"))
	if g.cert == "" && g.key == "" {
		g.cert, g.key = inDir(certs.CtlFile), inDir(certs.CtlKeyFile)
	}
	// An explicit --token-file wins over a token in the environment.
	switch {
	case g.token != "":
		token = g.token
	case g.tokenFile != "":
		token, err = certs.ReadToken(g.tokenFile)
	case e.getenv("HVLB_TOKEN") != "":
		token = e.getenv("HVLB_TOKEN")
	case e.getenv("HVLB_TOKEN_FILE") != "":
		token, err = certs.ReadToken(e.getenv("HVLB_TOKEN_FILE"))
	case inDir(certs.TokensFile) != "":
		token, err = certs.ReadToken(inDir(certs.TokensFile))
	}
	return server, token, err
}

func certsInit(e *env, cl *cmdline) error {
	dir := cl.fs.String("dir", "", "directory to write into (created 0700)")
	var hosts, agents list
	cl.fs.Var(&hosts, "hosts", "extra `NAMES` and addresses of the controller's certificate, comma-separated")
	cl.fs.Var(&agents, "agent", "forwarder `IDS`, comma-separated: an agent certificate for each (agent-ID.pem), "+
		"good for that forwarder only; run again to add more")
	force := cl.fs.Bool("force", false, "replace existing files (a new CA: every agent needs the new files)")
	if err := cl.parse(0, 0); err != nil {
		return err
	}
	if *dir == "" {
		return usagef("--dir is required")
	}
	if err := certs.Generate(*dir, certs.Options{Hosts: hosts.vals, Agents: agents.vals, Force: *force}); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "certificates and token in %s:\n", *dir)
	files := []string{certs.CAFile, certs.CAKeyFile, certs.ControllerFile, certs.ControllerKeyFile}
	for _, id := range agents.vals {
		cert, key := certs.AgentFiles(id)
		files = append(files, cert, key)
	}
	files = append(files, certs.CtlFile, certs.CtlKeyFile, certs.EtcdFile, certs.EtcdKeyFile,
		certs.EtcdClientFile, certs.EtcdClientKeyFile, certs.TokensFile)
	for _, f := range files {
		fmt.Fprintf(e.stdout, "  %s\n", filepath.Join(*dir, f))
	}
	fmt.Fprintf(e.stdout, "use them with: export HVLB_CERTS=%s\n", *dir)
	return nil
}
