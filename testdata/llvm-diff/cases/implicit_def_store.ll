; What `opt -O2` left in a generated program: a phi with an undef input
; (the value is dead on that path: the slot is written again before any
; load). `llc -O0` keeps it as an IMPLICIT_DEF register and stores it.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
define void @kern(i64* %out) {
entry:
  %a = alloca i64, align 8
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ne i32 %t, 0
  br i1 %c, label %j, label %s
s:
  br label %j
j:
  %v = phi i64 [ undef, %entry ], [ 7, %s ]
  store volatile i64 %v, i64* %a, align 8
  store volatile i64 5, i64* %a, align 8
  %l = load volatile i64, i64* %a, align 8
  %tz = zext i32 %t to i64
  %p = getelementptr i64, i64* %out, i64 %tz
  store i64 %l, i64* %p, align 8
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
!nvvm.annotations = !{!0}
!0 = !{void (i64*)* @kern, !"kernel", i32 1}
