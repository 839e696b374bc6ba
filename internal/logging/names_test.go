package logging

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// shared are the names every component logs under, by the constant's name.
var shared = map[string]string{"Forwarder": Forwarder, "Service": Service, "Real": Real, "Client": Client,
	"Worker": Worker, "Peer": Peer, "Controller": Controller, "ControllerAddr": ControllerAddr, "Err": Err,
	"Component": Component, "Subsystem": Subsystem}

// aliases are other names for the shared things: a log line must not use them.
var aliases = map[string]string{"fwd": Forwarder, "fwd_id": Forwarder, "forwarder_id": Forwarder,
	"svc": Service, "svc_id": Service, "service_id": Service, "vs": Service, "rs": Real, "backend": Real,
	"real_addr": Real, "client_addr": Client, "src": Client, "worker_id": Worker, "lcore": Worker,
	"error": Err, "leader": Controller, "router": Peer, "neighbor": Peer}

// TestForwarderNames: the forwarder's C log fields (forwarder/src/log_kv.h LOG_K_*) are these
// names, each under the same constant's name.
func TestForwarderNames(t *testing.T) {
	b, err := os.ReadFile("../../forwarder/src/log_kv.h")
	if err != nil {
		t.Fatal(err)
	}
	defs := regexp.MustCompile(`(?m)^#define LOG_K_([A-Z_]+) "([a-z_]+)"`).FindAllStringSubmatch(string(b), -1)
	if len(defs) < 7 {
		t.Fatalf("log_kv.h defines %d LOG_K_ names", len(defs))
	}
	seen := map[string]bool{}
	for _, d := range defs {
		goName := strings.ReplaceAll(strings.Title(strings.ToLower(strings.ReplaceAll(d[1], "_", " "))), " ", "")
		want, ok := shared[goName]
		if !ok {
			t.Errorf("LOG_K_%s %q: no logging.%s in Go", d[1], d[2], goName)
			continue
		}
		if d[2] != want {
			t.Errorf("LOG_K_%s is %q, logging.%s %q", d[1], d[2], goName, want)
		}
		seen[goName] = true
	}
	for _, n := range []string{"Forwarder", "Service", "Real", "Client", "Worker", "Peer", "Err"} {
		if !seen[n] {
			t.Errorf("log_kv.h has no LOG_K_%s for logging.%s", strings.ToUpper(n), n)
		}
	}
}

// TestLogKeys: every Go component's log calls (slog's Debug, Info, Warn, Error, With, Log)
// name the shared things by this package's constants, never by a literal of their own or
// another name for them.
func TestLogKeys(t *testing.T) {
	byValue := map[string]string{}
	for n, v := range shared {
		byValue[v] = n
	}
	fset := token.NewFileSet()
	calls := 0
	for _, root := range []string{"../../internal", "../../cmd"} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") ||
				strings.Contains(p, "/internal/logging/") || strings.Contains(p, "/internal/pb/") {
				return err
			}
			f, err := parser.ParseFile(fset, p, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				c, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := c.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				first := map[string]int{"Debug": 1, "Info": 1, "Warn": 1, "Error": 1, "With": 0, "Log": 3}[sel.Sel.Name]
				if _, isLog := map[string]bool{"Debug": true, "Info": true, "Warn": true, "Error": true, "With": true,
					"Log": true}[sel.Sel.Name]; !isLog {
					return true
				}
				calls++
				for i := first; i < len(c.Args); i += 2 {
					lit, ok := c.Args[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						if _, isCall := c.Args[i].(*ast.CallExpr); isCall {
							i-- // a slog.Attr is one argument
						}
						continue
					}
					key, _ := strconv.Unquote(lit.Value)
					if n, ok := byValue[key]; ok {
						t.Errorf("%s: key %q: say logging.%s", fset.Position(lit.Pos()), key, n)
					}
					if v, ok := aliases[key]; ok {
						t.Errorf("%s: key %q: the shared name is %q (logging.%s)", fset.Position(lit.Pos()), key, v, byValue[v])
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if calls < 50 {
		t.Fatalf("found %d log calls: the walk missed the sources", calls)
	}
}
