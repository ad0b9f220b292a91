target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"




define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %v1 = mul i32 %tid, 37
  %v2 = add i32 %v1, 94
  %v3 = and i32 %v2, 127
  %v4 = shl i32 %v3, 3
  %v5 = zext i32 %v4 to i64
  %v6 = getelementptr i8, i8* %in, i64 %v5
  %v7 = getelementptr i8, i8* %v6, i64 6
  %v8 = bitcast i8* %v7 to i16*
  %v9 = load i16, i16* %v8, align 1
  %v10 = mul i32 %tid, 1
  %v11 = add i32 %v10, 71
  %v12 = and i32 %v11, 127
  %v13 = shl i32 %v12, 3
  %v14 = zext i32 %v13 to i64
  %v15 = getelementptr i8, i8* %in, i64 %v14
  %v16 = bitcast i8* %v15 to double*
  %v17 = load double, double* %v16, align 8
  %v18 = mul i32 %tid, 13
  %v19 = add i32 %v18, 71
  %v20 = and i32 %v19, 127
  %v21 = shl i32 %v20, 3
  %v22 = zext i32 %v21 to i64
  %v23 = getelementptr i8, i8* %in, i64 %v22
  %v24 = bitcast i8* %v23 to i64*
  %v25 = load i64, i64* %v24, align 8
  %v26 = icmp ne i64 %v25, %v25
  br i1 %v26, label %then27, label %else28
then27:
  %v30 = sitofp i64 %v25 to float
  %v31 = fsub float %v30, %v30
  %v32 = and i32 %tid, 127
  %v33 = shl i32 %v32, 3
  %v34 = zext i32 %v33 to i64
  %v35 = getelementptr i8, i8* %in, i64 %v34
  %v36 = bitcast i8* %v35 to double*
  %v37 = load double, double* %v36, align 8
  %v38 = fdiv double %v17, %v37
  br label %join29
else28:
  %v39 = trunc i64 %v25 to i8
  %v40 = sext i16 %v9 to i64
  %v41 = trunc i64 %v40 to i8
  %v42 = icmp sge i8 %v39, %v41
  br i1 %v42, label %then43, label %else44
then43:
  %v46 = bitcast i32 %tid to float
  %v47 = fptrunc double %v17 to float
  %v48 = mul i32 %tid, 11
  %v49 = add i32 %v48, 17
  %v50 = and i32 %v49, 127
  %v51 = shl i32 %v50, 3
  %v52 = zext i32 %v51 to i64
  %v53 = getelementptr i8, i8* %in, i64 %v52
  %v54 = bitcast i8* %v53 to float*
  %v55 = load float, float* %v54, align 4
  %v56 = fsub float %v46, %v55
  %v57 = fdiv double %v17, %v17
  br label %join45
else44:
  %v58 = sitofp i8 %v39 to float
  %v59 = fcmp oge float %v58, %v58
  %v60 = zext i1 %v59 to i32
  %v61 = trunc i64 %v40 to i32
  %v62 = call i64 @llvm.fptoui.sat.i64.f64(double %v17)
  %v63 = call i32 @llvm.smax.i32(i32 %v60, i32 %v61)
  br label %join45
join45:
  %phi64 = phi i32 [ %tid, %then43 ], [ %v61, %else44 ]
  %phi65 = phi float [ %v47, %then43 ], [ %v58, %else44 ]
  %phi66 = phi i16 [ %v9, %then43 ], [ %v9, %else44 ]
  %phi67 = phi i64 [ %v25, %then43 ], [ %v62, %else44 ]
  br label %join29
join29:
  %phi68 = phi i16 [ %v9, %then27 ], [ %phi66, %join45 ]
  %phi69 = phi i64 [ %v25, %then27 ], [ %phi67, %join45 ]
  %v70 = zext i1 %v26 to i8
  %v71 = icmp ult i8 %v70, %v70
  %v72 = select i1 %v71, i32 %tid, i32 %tid
  %v73 = add i32 %tid, %v72
  %v74 = bitcast i64 %phi69 to double
  %v75 = add i8 %v70, %v70
  %v76 = fptrunc double 0x39B4484BFEEBC2A0 to float
  %v77 = trunc i16 %v9 to i8
  %v78 = call i8 @llvm.uadd.sat.i8(i8 %v70, i8 %v77)
  %v79 = fadd float %v76, %v76
  %v80 = sext i64 %phi69 to i128
  %v81 = zext i64 %phi69 to i128
  %v82 = mul i128 %v80, %v81
  %v83 = lshr i128 %v82, 64
  %v84 = trunc i128 %v83 to i64
  %v85 = trunc i64 %v84 to i32
  %v86 = icmp ult i32 %v73, -2014403751
  br i1 %v86, label %then87, label %else88
then87:
  br label %head90
head90:
  %i93 = phi i32 [ 0, %then87 ], [ %inext94, %body91 ]
  %acc95 = phi i64 [ %v25, %then87 ], [ %accnext96, %body91 ]
  %acc97 = phi i64 [ %v84, %then87 ], [ %accnext98, %body91 ]
  %acc99 = phi i32 [ %v73, %then87 ], [ %accnext100, %body91 ]
  %v101 = icmp ult i32 %i93, 3
  br i1 %v101, label %body91, label %exit92
body91:
  %v102 = fadd float %v76, %v76
  %v103 = fcmp uno float %v102, %v76
  %v104 = select i1 %v103, float %v102, float %v76
  %v105 = mul i32 %tid, 13
  %v106 = add i32 %v105, 94
  %v107 = and i32 %v106, 127
  %v108 = shl i32 %v107, 3
  %v109 = zext i32 %v108 to i64
  %v110 = getelementptr i8, i8* %in, i64 %v109
  %v111 = bitcast i8* %v110 to i16*
  %v112 = load i16, i16* %v111, align 2
  %v113 = sitofp i16 %v112 to float
  %accnext96 = xor i64 %acc95, %acc97
  %accnext98 = mul i64 %acc97, %phi69
  %v114 = and i32 %i93, 127
  %v115 = shl i32 %v114, 3
  %v116 = zext i32 %v115 to i64
  %v117 = getelementptr i8, i8* %in, i64 %v116
  %v118 = bitcast i8* %v117 to i32*
  %v119 = load i32, i32* %v118, align 4
  %accnext100 = sub i32 %acc99, %v119
  %inext94 = add i32 %i93, 1
  br label %head90
exit92:
  %v120 = fcmp une double %v74, %v17
  %v121 = zext i1 %v120 to i32
  %v122 = fsub double %v17, %v74
  br label %join89
else88:
  br label %join89
join89:
  %phi123 = phi i32 [ %acc99, %exit92 ], [ %v85, %else88 ]
  %phi124 = phi i128 [ %v81, %exit92 ], [ %v82, %else88 ]
  %phi125 = phi i1 [ %v26, %exit92 ], [ %v86, %else88 ]
  %v126 = mul i32 %tid, 64
  %v127 = zext i32 %v126 to i64
  %v128 = getelementptr i8, i8* %out, i64 %v127
  %v129 = getelementptr i8, i8* %v128, i64 0
  %v130 = bitcast i8* %v129 to i32*
  store i32 %phi123, i32* %v130, align 4
  %v131 = trunc i128 %phi124 to i64
  %v132 = getelementptr i8, i8* %out, i64 %v127
  %v133 = getelementptr i8, i8* %v132, i64 8
  %v134 = bitcast i8* %v133 to i64*
  store i64 %v131, i64* %v134, align 8
  %v135 = trunc i128 %v80 to i64
  %v136 = getelementptr i8, i8* %out, i64 %v127
  %v137 = getelementptr i8, i8* %v136, i64 16
  %v138 = bitcast i8* %v137 to i64*
  store i64 %v135, i64* %v138, align 8
  %v139 = getelementptr i8, i8* %out, i64 %v127
  %v140 = getelementptr i8, i8* %v139, i64 24
  %v141 = bitcast i8* %v140 to i8*
  store i8 %v78, i8* %v141, align 1
  %v142 = getelementptr i8, i8* %out, i64 %v127
  %v143 = getelementptr i8, i8* %v142, i64 32
  %v144 = bitcast i8* %v143 to i32*
  store i32 %phi123, i32* %v144, align 4
  %v145 = trunc i128 %v82 to i64
  %v146 = getelementptr i8, i8* %out, i64 %v127
  %v147 = getelementptr i8, i8* %v146, i64 40
  %v148 = bitcast i8* %v147 to i64*
  store i64 %v145, i64* %v148, align 8
  %v149 = getelementptr i8, i8* %out, i64 %v127
  %v150 = getelementptr i8, i8* %v149, i64 48
  %v151 = bitcast i8* %v150 to double*
  store double %v74, double* %v151, align 8
  %v152 = getelementptr i8, i8* %out, i64 %v127
  %v153 = getelementptr i8, i8* %v152, i64 56
  %v154 = bitcast i8* %v153 to float*
  store float %v76, float* %v154, align 4
  ret void
}

declare i32 @llvm.smax.i32(i32, i32)
declare i64 @llvm.fptoui.sat.i64.f64(double)
declare i8 @llvm.uadd.sat.i8(i8, i8)

define void @kern(i8* %in, i8* %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %n
  %tid = add i32 %cn, %t
  call void @body(i32 %tid, i8* %in, i8* %out)
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
attributes #0 = { noinline nounwind }
attributes #1 = { nounwind }

!nvvm.annotations = !{!0}
!0 = !{void (i8*, i8*)* @kern, !"kernel", i32 1}
