# A trial's subreaper: the parent of the trial worker, marked with Linux's
# PR_SET_CHILD_SUBREAPER, so that every process of the trial whose parent dies is
# reparented here instead of to init. A process can leave the trial's cgroup (as root),
# its process group (setsid) and its mark (a cleared environment), but not its ancestry:
# whatever the worker started, by any route, is this process's descendant until it ends.
# Perl, because it is on every Debian system (perl-base is essential) and can make the
# prctl call that Node cannot.
#
#   perl reaper.pl SYS_PRCTL WORKER ARGS...
#
# fd 3 is its word to the runner, a line each:
#   reaper subreaper|none WHY   first: whether the kernel took the mark
#   exit CODE|signal NAME       the worker has ended
#   ended PID NAME              after "end": a process of the trial it ended
#   done                        after "end": none is left
# Its standard input is the runner's: at "end" (or when it closes) every process still
# below it is the trial's by ancestry, and is ended, named, and reaped. Meanwhile it reaps
# every orphan that ends, as init would have.

use strict;
use warnings;
# No POSIX module: loading it costs a trial twenty milliseconds. Linux's values instead.
sub WNOHANG () { 1 }

my $SYS_PRCTL = shift @ARGV;
my $PR_SET_CHILD_SUBREAPER = 36;
my $PR_GET_CHILD_SUBREAPER = 37;

open(my $runner, '>&=', 3) or exit(120);
# Unbuffered, without IO::Handle's autoflush (another module to load).
select((select($runner), $| = 1)[0]);
sub say_ { print {$runner} join(' ', @_), "\n"; }

my $kind = 'none';
my $why = 'the kernel refused PR_SET_CHILD_SUBREAPER';
if ($SYS_PRCTL =~ /^\d+$/ && $SYS_PRCTL > 0 && syscall($SYS_PRCTL, $PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0) {
  my $got = pack('i', 0);
  syscall($SYS_PRCTL, $PR_GET_CHILD_SUBREAPER, $got, 0, 0, 0);
  if (unpack('i', $got) == 1) { $kind = 'subreaper'; $why = 'every orphan of the trial is reparented to it'; }
}
say_('reaper', $kind, $why);

my $worker = fork();
if (!defined $worker) { say_('exit', 'code', 127); exit(0); }
if ($worker == 0) {
  # The worker has the runner's standard input no more than before (none), and not fd 3.
  open(STDIN, '<', '/dev/null');
  close($runner);
  # The trial's mark, kept under the reaper's own name (os/marks.ts), is the worker's again.
  $ENV{CHILDPROOF_MARK} = delete $ENV{CHILDPROOF_REAPER} if exists $ENV{CHILDPROOF_REAPER};
  { no warnings 'exec'; exec { $ARGV[0] } @ARGV; }
  exit(127);
}

# The worker's end is waited for as a file descriptor where Linux has pidfd_open (5.3 on;
# 434 on every architecture): a safe Perl signal handler runs between ops, so a SIGCHLD
# that came after a reap and before the read below began would wait for the read to
# return, and a worker whose orphan lives on would be told gone only when that orphan ends.
my $SYS_PIDFD_OPEN = 434;
my $pidfd = syscall($SYS_PIDFD_OPEN, $worker + 0, 0);

my $worker_done = 0;
sub reap {
  while ((my $pid = waitpid(-1, WNOHANG)) > 0) {
    next unless $pid == $worker && !$worker_done;
    $worker_done = 1;
    my $status = $?;
    if ($status & 127) { say_('exit', 'signal', $status & 127); }
    else { say_('exit', 'code', $status >> 8); }
  }
}
$SIG{CHLD} = sub { reap(); };

# Until the runner says end: each wait ends at a line from the runner, the worker's end,
# or a SIGCHLD (an orphan's end), and reaps. Without a pidfd, a wait is cut at a second,
# so a SIGCHLD lost as above is made up for within one.
for (;;) {
  reap();
  my $in = '';
  vec($in, fileno(STDIN), 1) = 1;
  vec($in, $pidfd, 1) = 1 if $pidfd >= 0 && !$worker_done;
  my $ready = select(my $out = $in, undef, undef, $pidfd >= 0 ? undef : 1);
  next unless $ready > 0 && vec($out, fileno(STDIN), 1);
  my $buf = '';
  my $n = sysread(STDIN, $buf, 64);
  next if !defined $n && $!{EINTR};
  last if !defined $n || $n == 0 || $buf =~ /end/;
}
$SIG{CHLD} = 'DEFAULT';
reap();

sub children {
  my @found;
  if (open(my $fh, '<', "/proc/$$/task/$$/children")) {
    @found = grep { /^\d+$/ } split(/\s+/, scalar(<$fh>) // '');
    close($fh);
    return @found;
  }
  opendir(my $d, '/proc') or return ();
  for my $e (readdir($d)) {
    next unless $e =~ /^\d+$/;
    my $stat = stat_of($e) or next;
    push @found, $e if $stat->{ppid} == $$;
  }
  closedir($d);
  return @found;
}

sub stat_of {
  my ($pid) = @_;
  open(my $fh, '<', "/proc/$pid/stat") or return undef;
  my $line = <$fh> // '';
  close($fh);
  return undef unless $line =~ /^\d+ \((.*)\) (\S) (.*)$/s;
  my ($comm, $state, @rest) = ($1, $2, split(/ /, $3));
  return { comm => $comm, state => $state, ppid => $rest[0] };
}

# Everything still below it is the trial's. Each is killed and waited for: once it is
# reaped the kernel has already handed its own children here, so asking again finds them.
# One that cannot be killed (it took another user's identity) is left, and not named as
# ended; a zombie is only reaped.
my %kept;
for (my $round = 0; $round < 10000; $round++) {
  my @live = grep { !$kept{$_} } children();
  last unless @live;
  for my $pid (@live) {
    my $s = stat_of($pid);
    if ($s && $s->{state} ne 'Z') {
      (my $comm = $s->{comm}) =~ s/\s/_/g;
      if (kill('KILL', $pid)) { say_('ended', $pid, $comm); }
      # Refused (EPERM): not ours to end. Gone since the look (ESRCH): reaped below, not named.
      elsif ($!{EPERM}) { $kept{$pid} = 1; next; }
    }
    waitpid($pid, 0);
  }
}
say_('done');
exit(0);
