#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for trying the job scripts and for the integration
# test (tests/slurm_test.sh). Needs root; installs Debian's slurm-wlm and munge when missing.
#
#   scripts/slurm/local_cluster.sh start DIR   configuration, state and logs under DIR; prints
#                                               the line to export: SLURM_CONF=DIR/slurm.conf
#   scripts/slurm/local_cluster.sh stop DIR    stops the daemons it started (by their pid files)
set -euo pipefail
action="${1:-}"; dir="${2:-}"
[ -n "$action" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

stop() {
    for name in slurmd slurmctld munged; do
        local pid_file="$dir/$name.pid"
        [ -f "$pid_file" ] || continue
        local pid
        pid="$(cat "$pid_file")"
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
        rm -f "$pid_file"
    done
}

case "$action" in
    stop) stop; exit 0 ;;
    start) ;;
    *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac

[ "$(id -u)" -eq 0 ] || { echo "local_cluster.sh: needs root" >&2; exit 77; }
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
host="$(hostname -s)"
chmod 755 "$dir"  # munged runs as the munge user and must reach its folder
mkdir -p "$dir/state" "$dir/spool" "$dir/log" "$dir/munge"

# munge: its own key, socket and pid under DIR, run as the munge user.
chown munge:munge "$dir/munge"; chmod 700 "$dir/munge"
if [ ! -f "$dir/munge/munge.key" ]; then
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
    chown munge:munge "$dir/munge/munge.key"; chmod 400 "$dir/munge/munge.key"
fi
mkdir -p /run/munge; chown munge:munge /run/munge
runuser -u munge -- munged --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed" --force
cp "$dir/munge/munged.pid" "$dir/munged.pid"

cat > "$dir/slurm.conf" <<CONF
ClusterName=patience-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SchedulerParameters=defer_batch=0
NodeName=$host CPUs=$(nproc) RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do
    if sinfo -h -o '%t' 2>/dev/null | grep -qx 'idle'; then
        echo "SLURM_CONF=$SLURM_CONF"
        exit 0
    fi
    sleep 0.2
done
echo "local_cluster.sh: the node did not come up idle; see $dir/log" >&2
stop
exit 1
