; A <2 x half> whose lane 1 is dead: llc packs the live half with a
; register that holds no value, adds lane-wise, and unpacks lane 0.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
define void @kern(half* %in, half* %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext i32 %t to i64
  %pi = getelementptr half, half* %in, i64 %tz
  %x = load half, half* %pi, align 2
  %v = insertelement <2 x half> undef, half %x, i32 0
  %s = fadd <2 x half> %v, %v
  %r = extractelement <2 x half> %s, i32 0
  %po = getelementptr half, half* %out, i64 %tz
  store half %r, half* %po, align 2
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
!nvvm.annotations = !{!0}
!0 = !{void (half*, half*)* @kern, !"kernel", i32 1}
