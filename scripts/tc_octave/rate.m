% Times one published MATLAB tensor-core model over rows written by gen.py
% (the model loop only, CPU seconds), writes its results as 32-bit binary
% patterns like crosscheck.m, and writes "rows cpu_seconds" to time_file.
% The models print a line per call, so run it with stdout to /dev/null.
% Arguments: models_dir dir gpu fmt acc time_file
1;

function A = readhex(p)
  t = strtrim(strsplit(fileread(p), "\n"));
  t = t(~cellfun(@isempty, t));
  A = zeros(numel(t), numel(strsplit(t{1})), 'single');
  for i = 1:numel(t)
    A(i, :) = typecast(uint32(hex2dec(strsplit(t{i}))), 'single');
  end
end

function C = readbin(p)
  t = strtrim(strsplit(fileread(p), "\n"));
  t = t(~cellfun(@isempty, t));
  C = zeros(numel(t), 1, 'single');
  for i = 1:numel(t)
    C(i) = typecast(uint32(bin2dec(t{i})), 'single');
  end
end

args = argv();
[models, dir, gpu, fmt, acc, time_file] = deal(args{1:6});
addpath(models); addpath(fullfile(models, 'tools'));
A = readhex(fullfile(dir, sprintf('a_%s_%s_%s.txt', gpu, fmt, acc)));
B = readhex(fullfile(dir, sprintf('b_%s_%s_%s.txt', gpu, fmt, acc)));
C = readbin(fullfile(dir, sprintf('c_%s_%s.txt', gpu, acc)));
fn = str2func(sprintf('%sTC', gpu));
n = rows(A);
D = zeros(n, 1, 'single');
t0 = cputime();
for i = 1:n
  D(i) = single(fn(1, double(A(i, :)), double(B(i, :))', 1, double(C(i)), fmt, acc));
end
t = cputime() - t0;
fid = fopen(fullfile(dir, sprintf('d_%s_%s_%s.txt', gpu, fmt, acc)), 'w');
for i = 1:n
  fprintf(fid, '%s\n', dec2bin(typecast(D(i), 'uint32'), 32));
end
fclose(fid);
fid = fopen(time_file, 'w');
fprintf(fid, '%d %.6f\n', n, t);
fclose(fid);
