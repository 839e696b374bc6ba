package cli

// Shell completion: the scripts ask hvlbctl itself (__complete) for the words that can
// come next, so they follow the command tables and every command's flags.

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

var completionCmd = &command{"completion", "bash|zsh", "print a shell completion script: source <(hvlbctl completion bash)", completion}

func init() {
	commands = append(commands, completionCmd)
	localCommands = append(localCommands, completionCmd)
}

const bashCompletion = `# hvlbctl completion for bash: source <(hvlbctl completion bash)
_hvlbctl() {
	local cur=${COMP_WORDS[COMP_CWORD]}
	local words
	words=$("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null) || return
	COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _hvlbctl hvlbctl
`

const zshCompletion = `#compdef hvlbctl
# hvlbctl completion for zsh: source <(hvlbctl completion zsh), after compinit
_hvlbctl() {
	local -a cands
	cands=(${(f)"$("${words[1]}" __complete "${(@)words[2,CURRENT-1]}" 2>/dev/null)"})
	if (( ${#cands} )); then
		compadd -a cands
	else
		_files
	fi
}
compdef _hvlbctl hvlbctl
`

func completion(e *env, cl *cmdline) error {
	if err := cl.parse(1, 1); err != nil {
		return err
	}
	switch cl.pos[0] {
	case "bash":
		_, err := io.WriteString(e.stdout, bashCompletion)
		return err
	case "zsh":
		_, err := io.WriteString(e.stdout, zshCompletion)
		return err
	}
	return usagef("%q: want bash or zsh", cl.pos[0])
}

// complete prints the words that can follow words (the command line after hvlbctl, up
// to the word being completed): global flags and commands first, then the command's
// flags. It prints nothing where a value is expected (the shell completes file names).
func complete(w io.Writer, words []string) {
	var g globals
	gfs := flag.NewFlagSet("", flag.ContinueOnError)
	g.register(gfs)
	gfs.StringVar(&g.fwdSocket, "forwarder", "", "")
	i := 0
	for ; i < len(words) && strings.HasPrefix(words[i], "-"); i++ {
		name, _, hasVal := strings.Cut(strings.TrimLeft(words[i], "-"), "=")
		if !hasVal && gfs.Lookup(name) != nil {
			if i+1 == len(words) {
				return // the flag's value
			}
			if name == "forwarder" {
				g.fwdSocket = words[i+1]
			}
			i++
		}
	}
	table := commands
	if g.fwdSocket != "" {
		table = localCommands
	}
	rest := words[i:]
	var out []string
	c, args := lookupIn(table, rest)
	switch {
	case c != nil:
		if len(args) > 0 && strings.HasPrefix(args[len(args)-1], "-") && !strings.Contains(args[len(args)-1], "=") {
			if f := flagsOf(c)[strings.TrimLeft(args[len(args)-1], "-")]; f != nil && !isBool(f) {
				return // the flag's value
			}
		}
		if c == completionCmd {
			out = []string{"bash", "zsh"}
			break
		}
		for name := range flagsOf(c) {
			if !globalNames[name] {
				out = append(out, "--"+name)
			}
		}
	case len(rest) == 0:
		seen := map[string]bool{}
		for _, c := range table {
			first, _, _ := strings.Cut(c.name, " ")
			if !seen[first] {
				seen[first] = true
				out = append(out, first)
			}
		}
		gfs.VisitAll(func(f *flag.Flag) {
			if len(f.Name) == 1 {
				out = append(out, "-"+f.Name)
			} else {
				out = append(out, "--"+f.Name)
			}
		})
	case len(rest) == 1:
		for _, c := range table {
			if first, second, ok := strings.Cut(c.name, " "); ok && first == rest[0] {
				out = append(out, second)
			}
		}
	}
	sort.Strings(out)
	for _, s := range out {
		fmt.Fprintln(w, s)
	}
}

// flagsOf is a command's flags, found by asking it for its help.
func flagsOf(c *command) map[string]*flag.Flag {
	e := &env{getenv: func(string) string { return "" }, stdout: io.Discard, stderr: io.Discard}
	cl := &cmdline{c: c, args: []string{"-h"}, fs: flag.NewFlagSet(c.name, flag.ContinueOnError)}
	cl.fs.SetOutput(io.Discard)
	e.g.register(cl.fs)
	c.run(e, cl) // returns errHelp once its flags are declared, having done nothing
	out := map[string]*flag.Flag{}
	cl.fs.VisitAll(func(f *flag.Flag) { out[f.Name] = f })
	return out
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
