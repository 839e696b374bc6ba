// Package etcdtest starts a real one-member etcd (Debian's etcd-server, /usr/bin/etcd) on
// loopback for a test, in a temporary directory, and removes it when the test ends. A test
// on a machine without etcd is skipped with the reason (scripts/deps.sh installs it).
package etcdtest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
)

// Binary is the etcd server the tests run.
const Binary = "/usr/bin/etcd"

// Server is one running etcd member.
type Server struct {
	Endpoint string // http://127.0.0.1:PORT
	Dir      string
	cmd      *exec.Cmd
	exited   chan struct{}
}

// Start runs etcd for t with extra flags (e.g. "--quota-backend-bytes=..."), waits until it
// answers, and stops it at t's cleanup. Its data lives in memory (/dev/shm) where there is
// one, so that fsyncs cost nothing on a busy disk.
func Start(t testing.TB, flags ...string) *Server {
	t.Helper()
	if _, err := os.Stat(Binary); err != nil {
		t.Skipf("no etcd server (%s: %v); scripts/deps.sh installs etcd-server", Binary, err)
	}
	base := ""
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		base = "/dev/shm"
	}
	dir, err := os.MkdirTemp(base, "hvlb-etcdtest-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ { // a free port may be taken before etcd binds it
		s, err := start(dir, attempt, flags)
		if err == nil {
			t.Cleanup(s.Stop)
			return s
		}
		lastErr = err
	}
	t.Fatalf("etcd did not start: %v", lastErr)
	return nil
}

func start(base string, attempt int, flags []string) (*Server, error) {
	client, peer := freePort(), freePort()
	dir := filepath.Join(base, "member"+strconv.Itoa(attempt))
	s := &Server{Endpoint: "http://" + client, Dir: dir, exited: make(chan struct{})}
	args := append([]string{"--name", "t", "--data-dir", dir,
		"--listen-client-urls", s.Endpoint, "--advertise-client-urls", s.Endpoint,
		"--listen-peer-urls", "http://" + peer, "--initial-advertise-peer-urls", "http://" + peer,
		"--initial-cluster", "t=http://" + peer, "--log-level", "error", "--logger", "zap"}, flags...)
	s.cmd = exec.Command(Binary, args...)
	log, err := os.Create(filepath.Join(base, "etcd"+strconv.Itoa(attempt)+".log"))
	if err != nil {
		return nil, err
	}
	s.cmd.Stdout, s.cmd.Stderr = log, log
	if err := s.cmd.Start(); err != nil {
		log.Close()
		return nil, err
	}
	go func() { s.cmd.Wait(); log.Close(); close(s.exited) }()
	cli, err := s.Client()
	if err != nil {
		s.Stop()
		return nil, err
	}
	defer cli.Close()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, err := cli.Get(ctx, "health")
		cancel()
		if err == nil {
			return s, nil
		}
		select {
		case <-s.exited:
			out, _ := os.ReadFile(log.Name())
			return nil, fmt.Errorf("etcd exited: %s", out)
		default:
		}
		if time.Now().After(deadline) {
			s.Stop()
			return nil, fmt.Errorf("etcd on %s: no answer in 20 s: %v", s.Endpoint, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Client returns a client of this member; the caller closes it.
func (s *Server) Client() (*clientv3.Client, error) {
	return clientv3.New(clientv3.Config{Endpoints: []string{s.Endpoint}, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
}

// Stop kills the member and waits for it.
func (s *Server) Stop() {
	s.cmd.Process.Kill()
	<-s.exited
}

func freePort() string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
