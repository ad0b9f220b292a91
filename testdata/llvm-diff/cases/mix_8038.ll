target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal addrspace(4) constant [4 x i8] [i8 -85, i8 71, i8 119, i8 2], align 8
@tab1 = internal addrspace(4) constant [8 x float] [float 0xC123798D00000000, float 0x411027EF80000000, float 0xC004000000000000, float 0x410A989660000000, float 0x3810000000000000, float 0xC004000000000000, float 0x4119FCD860000000, float 0x4113B9E5A0000000], align 8
@tab2 = internal constant [8 x double] [double 0x4124533CFA54CD76, double 0x3FE0000000000000, double 0x40F8E8B62BA96F00, double 0xC127BA09394FC790, double 0x3FE0000000000000, double 0x3FF0000000000000, double 0x4170000020000000, double 0x4120259842159038], align 8
@tab3 = internal global [4 x i64] [i64 1, i64 6521264157104392528, i64 -2318647632693840679, i64 -3251009782680242493], align 8

define internal i32 @rec0(i32 %x, i32 %d) #0 {
entry:
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  %v2 = fadd float 0x4330000000000000, 0x4000000000000000
  %v3 = icmp ult i64 9223372036854775807, 2147483648
  br i1 %v3, label %then4, label %else5
then4:
  %v7 = zext i16 -18860 to i64
  %v8 = call i64 @llvm.fptosi.sat.i64.f16(half 0xH2E66)
  %v9 = call float @llvm.fma.f32(float %v2, float %v2, float %v2)
  %v10 = mul i16 12994, 256
  br label %join6
else5:
  %v11 = fcmp ole double 0x40EFFC0000000000, 0x0010000000000000
  %v12 = select i1 %v11, half 0xH7C00, half 0xH7C00
  %v13 = sext i64 4294967295 to i128
  %v14 = sext i32 %d to i128
  %v15 = mul i128 %v13, %v14
  %v16 = trunc i128 %v15 to i64
  %v17 = trunc i64 %v16 to i8
  br label %join6
join6:
  %phi18 = phi i32 [ %x, %then4 ], [ %x, %else5 ]
  %phi19 = phi i64 [ %v8, %then4 ], [ %v16, %else5 ]
  br label %head20
head20:
  %i23 = phi i32 [ 0, %join6 ], [ %inext24, %body21 ]
  %acc25 = phi i64 [ %phi19, %join6 ], [ %accnext26, %body21 ]
  %acc27 = phi i64 [ %phi19, %join6 ], [ %accnext28, %body21 ]
  %acc29 = phi double [ 0x4160000000000000, %join6 ], [ %accnext30, %body21 ]
  %v31 = icmp ult i32 %i23, 12
  br i1 %v31, label %body21, label %exit22
body21:
  %v32 = and i32 %i23, 3
  %v33 = getelementptr [4 x i8], [4 x i8] addrspace(4)* @tab0, i32 0, i32 %v32
  %v34 = load i8, i8 addrspace(4)* %v33
  %v35 = and i32 %v32, 3
  %v36 = getelementptr [4 x i8], [4 x i8] addrspace(4)* @tab0, i32 0, i32 %v35
  %v37 = load i8, i8 addrspace(4)* %v36
  %v38 = and i16 -32768, 15
  %v39 = lshr i16 -7771, %v38
  %v40 = fcmp oeq double %acc29, %acc29
  %v41 = select i1 %v40, float %v2, float %v2
  %accnext26 = or i64 %acc25, %acc27
  %accnext28 = mul i64 %acc27, %acc25
  %accnext30 = fmul double %acc29, %acc29
  %inext24 = add i32 %i23, 1
  br label %head20
exit22:
  ret i32 %i23
recur:
  %v42 = sub i32 %d, 1
  %v43 = icmp eq i32 %v42, 0
  %v44 = icmp eq i32 %v42, -1
  %v45 = icmp eq i32 %v42, -2147483648
  %v46 = and i1 %v44, %v45
  %v47 = or i1 %v43, %v46
  %v48 = select i1 %v47, i32 -3, i32 %v42
  %v49 = sdiv i32 %v42, %v48
  %v50 = call i32 @rec0(i32 %v49, i32 %v42)
  %v51 = icmp ugt i16 0, 32
  br i1 %v51, label %then52, label %else53
then52:
  %v55 = fptrunc double 0x4202A05F20000000 to float
  %v56 = and i64 3177052799103977345, 63
  %v57 = ashr i64 -5206904615430901992, %v56
  %v58 = and i32 %v50, %v50
  %v59 = and i32 %v50, 7
  %v60 = getelementptr [8 x float], [8 x float] addrspace(4)* @tab1, i32 0, i32 %v59
  %v61 = load float, float addrspace(4)* %v60
  %v62 = and i8 109, 7
  %v63 = call i8 @llvm.fshr.i8(i8 77, i8 -128, i8 %v62)
  br label %join54
else53:
  %v64 = call i16 @llvm.fptoui.sat.i16.f32(float 0x8000000000000000)
  %v65 = fcmp ugt float 0x0000000000000000, 0x3FDFFFFFE0000000
  %v66 = zext i1 %v65 to i32
  br label %join54
join54:
  %phi67 = phi i32 [ %v59, %then52 ], [ %v48, %else53 ]
  %phi68 = phi i1 [ %v45, %then52 ], [ %v46, %else53 ]
  %v69 = icmp eq i8 124, -114
  br i1 %v69, label %then70, label %else71
then70:
  %v73 = call float @llvm.minnum.f32(float 0xFFF0000000000000, float 0x43E0000000000000)
  %v74 = fadd float %v73, 0.0
  %v75 = lshr i128 -72529923800677702470708088091122958059, 64
  %v76 = lshr i128 %v75, 64
  %v77 = trunc i128 %v76 to i64
  %v78 = trunc i64 %v77 to i16
  br label %join72
else71:
  %v79 = and i32 %v42, 7
  %v80 = getelementptr [8 x double], [8 x double]* @tab2, i32 0, i32 %v79
  %v81 = load double, double* %v80
  %v82 = and i32 %phi67, 7
  %v83 = getelementptr [8 x double], [8 x double]* @tab2, i32 0, i32 %v82
  %v84 = load double, double* %v83
  %v85 = and i32 %v82, 7
  %v86 = getelementptr [8 x double], [8 x double]* @tab2, i32 0, i32 %v85
  %v87 = load double, double* %v86
  %v88 = insertelement <4 x i8> zeroinitializer, i8 32, i32 0
  %v89 = insertelement <4 x i8> %v88, i8 0, i32 1
  %v90 = insertelement <4 x i8> %v89, i8 16, i32 2
  %v91 = insertelement <4 x i8> %v90, i8 73, i32 3
  %v92 = insertelement <4 x i8> zeroinitializer, i8 -100, i32 0
  %v93 = insertelement <4 x i8> %v92, i8 47, i32 1
  %v94 = insertelement <4 x i8> %v93, i8 -58, i32 2
  %v95 = insertelement <4 x i8> %v94, i8 -128, i32 3
  %v96 = add <4 x i8> %v91, %v95
  %v97 = insertelement <4 x i8> zeroinitializer, i8 -38, i32 0
  %v98 = insertelement <4 x i8> %v97, i8 -94, i32 1
  %v99 = insertelement <4 x i8> %v98, i8 -42, i32 2
  %v100 = insertelement <4 x i8> %v99, i8 -8, i32 3
  %v101 = xor <4 x i8> %v96, %v100
  %v102 = srem <4 x i8> %v101, <i8 127, i8 127, i8 7, i8 1>
  %v103 = extractelement <4 x i8> %v102, i32 2
  %v104 = extractelement <4 x i8> %v102, i32 1
  %v105 = extractelement <4 x i8> %v102, i32 3
  %v106 = call double @llvm.maxnum.f64(double %v87, double %v84)
  %v107 = fadd double %v106, 0.0
  %v108 = sitofp i64 2147483648 to float
  br label %join72
join72:
  %phi109 = phi i1 [ %phi68, %then70 ], [ %v69, %else71 ]
  %phi110 = phi float [ %v74, %then70 ], [ %v108, %else71 ]
  %phi111 = phi i32 [ %v49, %then70 ], [ %phi67, %else71 ]
  ret i32 %phi67
}

define internal i32 @rec1(i32 %x, i32 %d) #0 {
entry:
  %v1 = icmp eq i32 %d, 0
  br i1 %v1, label %base, label %recur
base:
  %v2 = and i32 %x, 7
  br label %head3
head3:
  %i6 = phi i32 [ 0, %base ], [ %inext7, %cont16 ]
  %acc8 = phi i64 [ 8351069722655534619, %base ], [ %accnext9, %cont16 ]
  %acc10 = phi i32 [ %d, %base ], [ %accnext11, %cont16 ]
  %v12 = icmp ult i32 %i6, %v2
  br i1 %v12, label %body4, label %exit5
body4:
  %v13 = call half @llvm.copysign.f16(half 0xH8000, half 0xH3800)
  %v14 = call float @llvm.sqrt.f32(float 0x40EFFC0000000000)
  %v15 = fcmp une float 0x3FB99999A0000000, %v14
  br i1 %v15, label %exit5, label %cont16
cont16:
  %v17 = fcmp ugt double 0x4000000000000000, 0x3FB999999999999A
  %v18 = select i1 %v17, double 0xBFF0000000000000, double 0x3810000000000000
  %v19 = sitofp i64 %acc8 to float
  %accnext9 = xor i64 %acc8, %acc8
  %accnext11 = mul i32 %acc10, %i6
  %inext7 = add i32 %i6, 1
  br label %head3
exit5:
  %v20 = bitcast i32 %acc10 to float
  ret i32 %v2
recur:
  %v21 = sub i32 %d, 1
  %v22 = call i32 @llvm.umin.i32(i32 %d, i32 %d)
  %v23 = call i32 @rec1(i32 %v22, i32 %v21)
  %v24 = icmp slt i8 -1, 29
  %v25 = select i1 %v24, i32 %x, i32 %d
  %v26 = call float @llvm.fma.f32(float 0x4160000000000000, float 0x7FF0000000000000, float 0x3FDFFFFFE0000000)
  ret i32 %v25
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %arr81 = alloca [8 x float], align 8
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to double*
  %v6 = load double, double* %v5, align 8
  %v7 = and i32 %tid, 127
  %v8 = shl i32 %v7, 3
  %v9 = zext i32 %v8 to i64
  %v10 = getelementptr i8, i8* %in, i64 %v9
  %v11 = bitcast i8* %v10 to i16*
  %v12 = load i16, i16* %v11, align 2
  %v13 = mul i32 %tid, 1
  %v14 = add i32 %v13, 27
  %v15 = and i32 %v14, 127
  %v16 = shl i32 %v15, 3
  %v17 = zext i32 %v16 to i64
  %v18 = getelementptr i8, i8* %in, i64 %v17
  %v19 = bitcast i8* %v18 to i64*
  %v20 = load i64, i64* %v19, align 8
  %v21 = and i32 %tid, 127
  %v22 = shl i32 %v21, 3
  %v23 = zext i32 %v22 to i64
  %v24 = getelementptr i8, i8* %in, i64 %v23
  %v25 = bitcast i8* %v24 to i32*
  %v26 = load i32, i32* %v25, align 4
  %v27 = and i32 %v26, 7
  %v28 = mul i32 %tid, 13
  %v29 = add i32 %v28, 55
  %v30 = and i32 %v29, 127
  %v31 = shl i32 %v30, 3
  %v32 = zext i32 %v31 to i64
  %v33 = getelementptr i8, i8* %in, i64 %v32
  %v34 = bitcast i8* %v33 to i8*
  %v35 = load i8, i8* %v34, align 1
  %v36 = zext i8 %v35 to i32
  %v37 = call i32 @rec0(i32 %v36, i32 %v27)
  %v38 = uitofp i64 %v20 to double
  %v39 = call i64 @llvm.fptosi.sat.i64.f64(double %v38)
  %v40 = sext i8 -1 to i64
  %v41 = sext i64 %v40 to i128
  %v42 = sext i64 %v40 to i128
  %v43 = mul i128 %v41, %v42
  %v44 = trunc i128 %v43 to i64
  %v45 = trunc i64 %v44 to i16
  %v46 = trunc i64 %v44 to i8
  %v47 = sitofp i8 %v46 to half
  %v48 = call half @llvm.copysign.f16(half 0xH2E66, half %v47)
  %v49 = and i32 %v27, 3
  %v53 = sitofp i8 %v46 to double
  br label %head50
head50:
  %i54 = phi i32 [ 0, %entry ], [ %inext55, %filled83 ]
  %acc56 = phi double [ %v53, %entry ], [ %accnext57, %filled83 ]
  %acc58 = phi i8 [ %v46, %entry ], [ %accnext59, %filled83 ]
  %v60 = icmp ult i32 %i54, %v49
  br i1 %v60, label %body51, label %exit52
body51:
  %v61 = and i32 %i54, 7
  br label %head62
head62:
  %i65 = phi i32 [ 0, %body51 ], [ %inext66, %body63 ]
  %acc67 = phi half [ %v47, %body51 ], [ %accnext68, %body63 ]
  %acc69 = phi i64 [ %v39, %body51 ], [ %accnext70, %body63 ]
  %acc71 = phi i32 [ %i54, %body51 ], [ %accnext72, %body63 ]
  %v73 = icmp ult i32 %i65, %v61
  br i1 %v73, label %body63, label %exit64
body63:
  %v74 = icmp eq i8 %v35, %v46
  %v75 = select i1 %v74, i8 -16, i8 %v46
  %accnext68 = fmul half %acc67, %v47
  %accnext70 = or i64 %acc69, %v20
  %accnext72 = xor i32 %acc71, %i65
  %inext66 = add i32 %i65, 1
  br label %head62
exit64:
  %v76 = icmp eq i64 %v40, 0
  %v77 = select i1 %v76, i64 -1, i64 %v40
  %v78 = udiv i64 %v20, %v77
  %v79 = and i32 %acc71, 11
  %v80 = call i32 @rec1(i32 %v61, i32 %v79)
  %v84 = sitofp i16 %v45 to float
  br label %fill82
fill82:
  %i85 = phi i32 [ 0, %exit64 ], [ %inext86, %fill82 ]
  %v87 = sitofp i32 %i85 to float
  %v88 = fmul float %v87, %v84
  %v89 = getelementptr [8 x float], [8 x float]* %arr81, i32 0, i32 %i85
  store float %v88, float* %v89
  %inext86 = add i32 %i85, 1
  %v90 = icmp ult i32 %inext86, 8
  br i1 %v90, label %fill82, label %filled83
filled83:
  %v91 = and i32 %v80, 7
  %v92 = getelementptr [8 x float], [8 x float]* %arr81, i32 0, i32 %v91
  %v93 = load float, float* %v92
  %v94 = and i32 %v80, 7
  %v95 = getelementptr [8 x float], [8 x float]* %arr81, i32 0, i32 %v94
  store float %v93, float* %v95
  %v96 = and i32 %i65, 7
  %v97 = getelementptr [8 x float], [8 x float]* %arr81, i32 0, i32 %v96
  %v98 = load float, float* %v97
  %v99 = and i32 %v79, 7
  %v100 = getelementptr [8 x float], [8 x float]* %arr81, i32 0, i32 %v99
  %v101 = load float, float* %v100
  %v102 = and i32 %v96, 7
  %v103 = getelementptr [8 x float], [8 x float]* %arr81, i32 0, i32 %v102
  %v104 = load float, float* %v103
  %v105 = and i32 %v99, 7
  %v106 = getelementptr [8 x float], [8 x float]* %arr81, i32 0, i32 %v105
  %v107 = load float, float* %v106
  %accnext57 = fmul double %acc56, %acc56
  %accnext59 = add i8 %acc58, %v46
  %inext55 = add i32 %i54, 1
  br label %head50
exit52:
  %v108 = and i32 %v26, 3
  %v109 = getelementptr [4 x i64], [4 x i64]* @tab3, i32 0, i32 %v108
  %v110 = load i64, i64* %v109
  %v111 = and i32 %i54, 3
  %v112 = getelementptr [4 x i64], [4 x i64]* @tab3, i32 0, i32 %v111
  %v113 = load i64, i64* %v112
  %v114 = and i32 %v49, 3
  %v115 = getelementptr [4 x i64], [4 x i64]* @tab3, i32 0, i32 %v114
  %v116 = load i64, i64* %v115
  %v117 = call i8 @llvm.fptosi.sat.i8.f16(half %v48)
  %v118 = fptrunc double %acc56 to float
  %v119 = mul i32 %tid, 64
  %v120 = zext i32 %v119 to i64
  %v121 = getelementptr i8, i8* %out, i64 %v120
  %v122 = getelementptr i8, i8* %v121, i64 0
  %v123 = bitcast i8* %v122 to i32*
  store i32 %v111, i32* %v123, align 4
  %v124 = getelementptr i8, i8* %out, i64 %v120
  %v125 = getelementptr i8, i8* %v124, i64 8
  %v126 = bitcast i8* %v125 to float*
  store float %v118, float* %v126, align 4
  %v127 = trunc i128 %v43 to i64
  %v128 = getelementptr i8, i8* %out, i64 %v120
  %v129 = getelementptr i8, i8* %v128, i64 16
  %v130 = bitcast i8* %v129 to i64*
  store i64 %v127, i64* %v130, align 8
  %v131 = getelementptr i8, i8* %out, i64 %v120
  %v132 = getelementptr i8, i8* %v131, i64 24
  %v133 = bitcast i8* %v132 to i64*
  store i64 %v40, i64* %v133, align 8
  %v134 = and i32 %v26, 127
  %v135 = shl i32 %v134, 3
  %v136 = zext i32 %v135 to i64
  %v137 = getelementptr i8, i8* %in, i64 %v136
  %v138 = bitcast i8* %v137 to i8*
  %v139 = load i8, i8* %v138, align 1
  %v140 = trunc i8 %v139 to i1
  %v141 = zext i1 %v140 to i8
  %v142 = getelementptr i8, i8* %out, i64 %v120
  %v143 = getelementptr i8, i8* %v142, i64 32
  %v144 = bitcast i8* %v143 to i8*
  store i8 %v141, i8* %v144, align 1
  %v145 = getelementptr i8, i8* %out, i64 %v120
  %v146 = getelementptr i8, i8* %v145, i64 40
  %v147 = bitcast i8* %v146 to i32*
  store i32 %v27, i32* %v147, align 4
  %v148 = getelementptr i8, i8* %out, i64 %v120
  %v149 = getelementptr i8, i8* %v148, i64 48
  %v150 = bitcast i8* %v149 to i32*
  store i32 %v111, i32* %v150, align 4
  %v151 = getelementptr i8, i8* %out, i64 %v120
  %v152 = getelementptr i8, i8* %v151, i64 56
  %v153 = bitcast i8* %v152 to half*
  store half %v48, half* %v153, align 2
  ret void
}

declare double @llvm.maxnum.f64(double, double)
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.sqrt.f32(float)
declare half @llvm.copysign.f16(half, half)
declare i16 @llvm.fptoui.sat.i16.f32(float)
declare i32 @llvm.umin.i32(i32, i32)
declare i64 @llvm.fptosi.sat.i64.f16(half)
declare i64 @llvm.fptosi.sat.i64.f64(double)
declare i8 @llvm.fptosi.sat.i8.f16(half)
declare i8 @llvm.fshr.i8(i8, i8, i8)

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
