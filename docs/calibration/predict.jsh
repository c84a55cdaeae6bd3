// What timing: model charges for one fast block_propose (decode..decrypt) on a validator:
// jshell --class-path sim/target/tdsim.jar -R-Dmodel=builtin -R-Dv=16 -R-Dn=64 -R-Dm=100 \
//   -R-Dbytes=1000 -R-Dcores=2 docs/calibration/predict.jsh
import dev.tdsim.timing.*;
CostModel cm = System.getProperty("model").equals("builtin") ? CostModel.builtin() : CostModel.read(java.nio.file.Path.of(System.getProperty("model")));
int v = Integer.getInteger("v"); int n = Integer.getInteger("n"); int m = Integer.getInteger("m"); int bytes = Integer.getInteger("bytes"); int cores = Integer.getInteger("cores");
OpSize size = new OpSize(m, v, n, (long) m * bytes);
Hardware hw = new Hardware(cores, 1.0);
ModelTiming mt = new ModelTiming(cm, "fast");
long total = 0; long cpuTotal = 0;
for (CryptoOp op : new CryptoOp[] {CryptoOp.DECODE, CryptoOp.VERIFY, CryptoOp.PREPARE, CryptoOp.COMBINE, CryptoOp.DECRYPT}) {
  int units = op == CryptoOp.DECRYPT ? m : Math.max(m, v);
  long d = mt.durationNanos(op, size, 0, units, hw);
  long c = cm.cpuNanos("fast", op, size);
  total += d; cpuTotal += c;
  System.out.printf("%-8s cpu1 %8.1f ms  f=%.3f  wall on %d cores %8.1f ms%n", op, c/1e6, cm.scaling("fast", op).serialFraction(), cores, d/1e6);
}
System.out.printf("TOTAL block_propose (decode+verify+prepare+combine+decrypt): single-core %.1f ms, on %d cores %.1f ms%n", cpuTotal/1e6, cores, total/1e6);
/exit
