package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// table is the commands hvlbctl runs: the controller's, or with --forwarder the local
// API's.
func (e *env) table() []*command {
	if e.g.fwdSocket != "" {
		return localCommands
	}
	return commands
}

// groupHelp answers "hvlbctl vs --help" and "hvlbctl vs help" with the commands whose
// name starts with that word; "hvlbctl vs" alone, or with an unknown word after it, is
// an unknown command, with them on stderr. isGroup is false when words[0] names no group.
func (e *env) groupHelp(words []string) (status int, isGroup bool) {
	if len(words) == 0 {
		return 0, false
	}
	var group []*command
	for _, c := range e.table() {
		if strings.HasPrefix(c.name, words[0]+" ") {
			group = append(group, c)
		}
	}
	if len(group) == 0 {
		return 0, false
	}
	w, status := e.stderr, exitUsage
	switch {
	case len(words) > 1 && (words[1] == "-h" || words[1] == "--help" || words[1] == "-help" || words[1] == "help"):
		w, status = e.stdout, exitOK
	default:
		fmt.Fprintf(w, "hvlbctl: unknown command %q\n", strings.Join(words[:min(2, len(words))], " "))
	}
	sort.Slice(group, func(i, j int) bool { return group[i].name < group[j].name })
	prefix := "hvlbctl "
	if e.g.fwdSocket != "" {
		prefix += "--forwarder SOCKET "
	}
	fmt.Fprintf(w, "usage: %s%s COMMAND [flags]\n\ncommands:\n", prefix, words[0])
	printTable(w, group)
	fmt.Fprintf(w, "\n'%s%s COMMAND -h' lists a command's flags.\n", prefix, words[0])
	return status, true
}

func printTable(w io.Writer, table []*command) {
	names := make([]string, 0, len(table))
	byName := map[string]*command{}
	for _, c := range table {
		names = append(names, c.name)
		byName[c.name] = c
	}
	sort.Strings(names)
	for _, n := range names {
		c := byName[n]
		fmt.Fprintf(w, "  %-42s %s\n", strings.TrimSpace(c.name+" "+c.args), c.help)
	}
}

func (e *env) localUsage(w io.Writer) {
	fmt.Fprintf(w, "usage: hvlbctl --forwarder SOCKET [-o json] [--timeout D] COMMAND [flags]\n\n"+
		"Drives one forwarder's local control API directly, without the controller (an agent\n"+
		"that drives the same forwarder puts the controller's configuration back at its next resync).\n\ncommands:\n")
	printTable(w, localCommands)
	fmt.Fprintf(w, "\n'hvlbctl --forwarder SOCKET COMMAND -h' lists a command's flags.\n")
}
