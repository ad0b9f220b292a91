; Lane 1 of a <2 x half> product is live, lane 0 dead: llc packs the live
; halves with registers that hold no value, multiplies as f16x2, unpacks
; lane 1 and converts it with fptosi.sat (setp.nan + selp around cvt.rzi).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
define void @kern(half* %in, i8* %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext i32 %t to i64
  %pi = getelementptr half, half* %in, i64 %tz
  %x = load half, half* %pi, align 2
  %v = insertelement <2 x half> undef, half %x, i32 1
  %s = fmul <2 x half> %v, %v
  %r = extractelement <2 x half> %s, i32 1
  %c = call i8 @llvm.fptosi.sat.i8.f16(half %r)
  %po = getelementptr i8, i8* %out, i64 %tz
  store i8 %c, i8* %po, align 1
  ret void
}
declare i8 @llvm.fptosi.sat.i8.f16(half)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
!nvvm.annotations = !{!0}
!0 = !{void (half*, i8*)* @kern, !"kernel", i32 1}
