target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tab0 = internal addrspace(4) constant [16 x i32] [i32 -716695744, i32 65536, i32 64, i32 -693160822, i32 65536, i32 -18282520, i32 793322485, i32 2122122948, i32 1361348039, i32 -201429723, i32 378401704, i32 -559038737, i32 -699716933, i32 -100, i32 624290574, i32 319247440], align 8
@tab1 = internal constant [16 x i64] [i64 2811065323304774869, i64 -8701243260900691559, i64 9144053735762414173, i64 -371731347785408265, i64 -7748462603317405685, i64 -3071503990991046568, i64 -128, i64 6689640193260701384, i64 63, i64 9223372036854775807, i64 -5838533455305947626, i64 63, i64 -1, i64 2840038320989154963, i64 -1855702806766188128, i64 5677027468597848534], align 8
@tab2 = internal addrspace(4) constant [64 x i32] [i32 1109503366, i32 256, i32 65535, i32 -39362295, i32 -75499959, i32 31, i32 1575952684, i32 1903075529, i32 -141443964, i32 -1107122383, i32 -956897422, i32 32, i32 1908006869, i32 250994748, i32 128, i32 -385850394, i32 128, i32 -1220914576, i32 -1131488068, i32 -1, i32 1397623483, i32 -6990658, i32 2130638670, i32 1256088604, i32 -291557902, i32 51059886, i32 1369599166, i32 1648522968, i32 2057535892, i32 990419181, i32 -2129124350, i32 -1, i32 -1, i32 -2100888771, i32 923461267, i32 651909878, i32 15, i32 948290173, i32 1237316201, i32 7, i32 656368760, i32 -1133835401, i32 256, i32 970913586, i32 1128799246, i32 -285360343, i32 -450618829, i32 -1372597596, i32 12345, i32 614439106, i32 -960281013, i32 1895811495, i32 1000, i32 1806311060, i32 598002006, i32 -1837561581, i32 513783233, i32 -998790270, i32 -254707305, i32 -1216342846, i32 -2147483648, i32 1447158009, i32 -795373187, i32 -1289965389], align 8
@tab3 = internal constant [8 x i16] [i16 -11396, i16 1804, i16 -15305, i16 17440, i16 -15283, i16 6889, i16 -12121, i16 5144], align 8
@tab4 = internal constant [8 x i64] [i64 -3908247911987884619, i64 7, i64 -4970702504137780669, i64 5616379728635125846, i64 1397692932761604476, i64 -2251567055141466129, i64 -6466566211902327341, i64 8], align 8

define internal i8 @helper0(i16 %p0, i8 %p1, i32 %p2, i32 %p3) #0 {
entry:
  %v1 = and i32 %p3, 15
  %v2 = getelementptr [16 x i64], [16 x i64]* @tab1, i32 0, i32 %v1
  %v3 = load i64, i64* %v2
  %v4 = and i32 %v1, 15
  %v5 = getelementptr [16 x i64], [16 x i64]* @tab1, i32 0, i32 %v4
  %v6 = load i64, i64* %v5
  %v7 = and i32 %v4, 15
  %v8 = getelementptr [16 x i64], [16 x i64]* @tab1, i32 0, i32 %v7
  %v9 = load i64, i64* %v8
  %v10 = add i32 %p2, %p3
  %v11 = and i32 %v10, 63
  %v12 = getelementptr [64 x i32], [64 x i32] addrspace(4)* @tab2, i32 0, i32 %v11
  %v13 = load i32, i32 addrspace(4)* %v12
  %v14 = and i32 %v13, 63
  %v15 = getelementptr [64 x i32], [64 x i32] addrspace(4)* @tab2, i32 0, i32 %v14
  %v16 = load i32, i32 addrspace(4)* %v15
  %v17 = icmp ne i16 %p0, %p0
  %v18 = zext i32 %v16 to i64
  %v19 = select i1 %v17, i64 %v18, i64 %v9
  %v20 = and i32 %v11, 7
  %v21 = getelementptr [8 x i16], [8 x i16]* @tab3, i32 0, i32 %v20
  %v22 = load i16, i16* %v21
  %v23 = select i1 %v17, i32 8, i32 %v14
  %v24 = select i1 %v17, i8 %p1, i8 %p1
  ret i8 %v24
}

define internal void @body(i32 %tid, i8* %in, i8* %out) #0 {
entry:
  %arr38 = alloca [4 x i32], align 8
  %arr61 = alloca [4 x i16], align 8
  %arr82 = alloca [4 x i8], align 8
  %v1 = and i32 %tid, 127
  %v2 = shl i32 %v1, 3
  %v3 = zext i32 %v2 to i64
  %v4 = getelementptr i8, i8* %in, i64 %v3
  %v5 = bitcast i8* %v4 to i8*
  %v6 = load i8, i8* %v5, align 1
  %v7 = mul i32 %tid, 17
  %v8 = add i32 %v7, 111
  %v9 = and i32 %v8, 127
  %v10 = shl i32 %v9, 3
  %v11 = zext i32 %v10 to i64
  %v12 = getelementptr i8, i8* %in, i64 %v11
  %v13 = bitcast i8* %v12 to i64*
  %v14 = load i64, i64* %v13, align 8
  %v15 = mul i32 %tid, 11
  %v16 = add i32 %v15, 8
  %v17 = and i32 %v16, 127
  %v18 = shl i32 %v17, 3
  %v19 = zext i32 %v18 to i64
  %v20 = getelementptr i8, i8* %in, i64 %v19
  %v21 = bitcast i8* %v20 to i16*
  %v22 = load i16, i16* %v21, align 2
  br label %head23
head23:
  %i26 = phi i32 [ 0, %entry ], [ %inext27, %filled63 ]
  %acc28 = phi i8 [ %v6, %entry ], [ %accnext29, %filled63 ]
  %v30 = icmp ult i32 %i26, 11
  br i1 %v30, label %body24, label %exit25
body24:
  %v31 = and i32 %tid, 15
  %v32 = getelementptr [16 x i32], [16 x i32] addrspace(4)* @tab0, i32 0, i32 %v31
  %v33 = load i32, i32 addrspace(4)* %v32
  %v34 = and i32 %i26, 15
  %v35 = getelementptr [16 x i32], [16 x i32] addrspace(4)* @tab0, i32 0, i32 %v34
  %v36 = load i32, i32 addrspace(4)* %v35
  %v37 = call i8 @helper0(i16 %v22, i8 %acc28, i32 %v33, i32 %tid)
  br label %fill39
fill39:
  %i41 = phi i32 [ 0, %body24 ], [ %inext42, %fill39 ]
  %v43 = add i32 %i41, 0
  %v44 = mul i32 %v43, 3
  %v45 = xor i32 %v44, %v36
  %v46 = getelementptr [4 x i32], [4 x i32]* %arr38, i32 0, i32 %i41
  store i32 %v45, i32* %v46
  %inext42 = add i32 %i41, 1
  %v47 = icmp ult i32 %inext42, 4
  br i1 %v47, label %fill39, label %filled40
filled40:
  %v48 = and i32 %i26, 3
  %v49 = getelementptr [4 x i32], [4 x i32]* %arr38, i32 0, i32 %v48
  store i32 %i26, i32* %v49
  %v50 = and i32 %v33, 3
  %v51 = getelementptr [4 x i32], [4 x i32]* %arr38, i32 0, i32 %v50
  store i32 %v34, i32* %v51
  %v52 = and i32 %v34, 3
  %v53 = getelementptr [4 x i32], [4 x i32]* %arr38, i32 0, i32 %v52
  %v54 = load i32, i32* %v53
  %v55 = and i32 %v54, 3
  %v56 = getelementptr [4 x i32], [4 x i32]* %arr38, i32 0, i32 %v55
  store i32 %v55, i32* %v56
  %v57 = and i32 %v36, 3
  %v58 = getelementptr [4 x i32], [4 x i32]* %arr38, i32 0, i32 %v57
  store i32 %v55, i32* %v58
  %v59 = and i32 %v55, 3
  %v60 = getelementptr [4 x i32], [4 x i32]* %arr38, i32 0, i32 %v59
  store i32 %v59, i32* %v60
  br label %fill62
fill62:
  %i64 = phi i32 [ 0, %filled40 ], [ %inext65, %fill62 ]
  %v66 = trunc i32 %i64 to i16
  %v67 = mul i16 %v66, 3
  %v68 = xor i16 %v67, %v22
  %v69 = getelementptr [4 x i16], [4 x i16]* %arr61, i32 0, i32 %i64
  store i16 %v68, i16* %v69
  %inext65 = add i32 %i64, 1
  %v70 = icmp ult i32 %inext65, 4
  br i1 %v70, label %fill62, label %filled63
filled63:
  %v71 = and i32 %v59, 3
  %v72 = getelementptr [4 x i16], [4 x i16]* %arr61, i32 0, i32 %v71
  %v73 = load i16, i16* %v72
  %v74 = and i32 %v71, 3
  %v75 = getelementptr [4 x i16], [4 x i16]* %arr61, i32 0, i32 %v74
  %v76 = load i16, i16* %v75
  %accnext29 = mul i8 %acc28, %v37
  %inext27 = add i32 %i26, 1
  br label %head23
exit25:
  %v77 = xor i64 %v14, -371242438120375951
  %v78 = zext i1 false to i128
  %v79 = sub i128 32, %v78
  %v80 = trunc i128 %v79 to i64
  %v81 = trunc i64 %v80 to i8
  br label %fill83
fill83:
  %i85 = phi i32 [ 0, %exit25 ], [ %inext86, %fill83 ]
  %v87 = trunc i32 %i85 to i8
  %v88 = mul i8 %v87, -7
  %v89 = xor i8 %v88, %acc28
  %v90 = getelementptr [4 x i8], [4 x i8]* %arr82, i32 0, i32 %i85
  store i8 %v89, i8* %v90
  %inext86 = add i32 %i85, 1
  %v91 = icmp ult i32 %inext86, 4
  br i1 %v91, label %fill83, label %filled84
filled84:
  %v92 = and i32 %i26, 3
  %v93 = getelementptr [4 x i8], [4 x i8]* %arr82, i32 0, i32 %v92
  store i8 %v6, i8* %v93
  %v94 = and i32 %v92, 3
  %v95 = getelementptr [4 x i8], [4 x i8]* %arr82, i32 0, i32 %v94
  store i8 %v6, i8* %v95
  %v96 = and i32 %v94, 3
  %v97 = getelementptr [4 x i8], [4 x i8]* %arr82, i32 0, i32 %v96
  %v98 = load i8, i8* %v97
  %v99 = icmp uge i32 %v96, %v96
  %v100 = select i1 %v99, i32 %tid, i32 %tid
  %v101 = and i32 %v94, 7
  %v102 = getelementptr [8 x i64], [8 x i64]* @tab4, i32 0, i32 %v101
  %v103 = load i64, i64* %v102
  %v104 = trunc i32 %v96 to i8
  %v105 = call i8 @llvm.fshr.i8(i8 %acc28, i8 %v81, i8 4)
  %v106 = call i64 @llvm.cttz.i64(i64 %v103, i1 false)
  %v107 = mul i32 %tid, 64
  %v108 = zext i32 %v107 to i64
  %v109 = getelementptr i8, i8* %out, i64 %v108
  %v110 = getelementptr i8, i8* %v109, i64 0
  %v111 = bitcast i8* %v110 to i8*
  store i8 %v105, i8* %v111, align 1
  %v112 = getelementptr i8, i8* %out, i64 %v108
  %v113 = getelementptr i8, i8* %v112, i64 8
  %v114 = bitcast i8* %v113 to i64*
  store i64 %v106, i64* %v114, align 8
  %v115 = getelementptr i8, i8* %out, i64 %v108
  %v116 = getelementptr i8, i8* %v115, i64 16
  %v117 = bitcast i8* %v116 to i8*
  store i8 %v105, i8* %v117, align 1
  %v118 = getelementptr i8, i8* %out, i64 %v108
  %v119 = getelementptr i8, i8* %v118, i64 24
  %v120 = bitcast i8* %v119 to i32*
  store i32 %v101, i32* %v120, align 4
  %v121 = getelementptr i8, i8* %out, i64 %v108
  %v122 = getelementptr i8, i8* %v121, i64 32
  %v123 = bitcast i8* %v122 to i64*
  store i64 %v106, i64* %v123, align 8
  %v124 = getelementptr i8, i8* %out, i64 %v108
  %v125 = getelementptr i8, i8* %v124, i64 40
  %v126 = bitcast i8* %v125 to i8*
  store i8 %v105, i8* %v126, align 1
  %v127 = getelementptr i8, i8* %out, i64 %v108
  %v128 = getelementptr i8, i8* %v127, i64 48
  %v129 = bitcast i8* %v128 to i32*
  store i32 %v101, i32* %v129, align 4
  %v130 = trunc i128 %v78 to i64
  %v131 = getelementptr i8, i8* %out, i64 %v108
  %v132 = getelementptr i8, i8* %v131, i64 56
  %v133 = bitcast i8* %v132 to i64*
  store i64 %v130, i64* %v133, align 8
  ret void
}

declare i64 @llvm.cttz.i64(i64, i1)
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
