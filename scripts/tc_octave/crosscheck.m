% Runs one MATLAB tensor-core model over rows written by gen.py and writes
% the results as 32-bit binary patterns (single precision), one per line.
% Arguments: models_dir dir gpu fmt acc [time_file]
% With time_file (rate.sh), writes "rows cpu_seconds" of the model loop
% there; the models print a line per call, so run it with stdout to
% /dev/null.
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
[models, dir, gpu, fmt, acc] = deal(args{1:5});
addpath(models); addpath(fullfile(models, 'tools'));
A = readhex(fullfile(dir, sprintf('a_%s_%s_%s.txt', gpu, fmt, acc)));
B = readhex(fullfile(dir, sprintf('b_%s_%s_%s.txt', gpu, fmt, acc)));
C = readbin(fullfile(dir, sprintf('c_%s_%s.txt', gpu, acc)));
fn = str2func(sprintf('%sTC', gpu));
n = rows(A);
D = zeros(n, 1, 'single');
t0 = cputime();
for i = 1:n
  a = double(A(i, :)); b = double(B(i, :))'; c = double(C(i));
  if strcmp(gpu, 'V100')
    D(i) = single(fn(1, a, b, 1, c, acc));
  else
    D(i) = single(fn(1, a, b, 1, c, fmt, acc));
  end
end
t = cputime() - t0;
fid = fopen(fullfile(dir, sprintf('d_%s_%s_%s.txt', gpu, fmt, acc)), 'w');
for i = 1:n
  fprintf(fid, '%s\n', dec2bin(typecast(D(i), 'uint32'), 32));
end
fclose(fid);
if numel(args) >= 6
  fid = fopen(args{6}, 'w');
  fprintf(fid, '%d %.6f\n', n, t);
  fclose(fid);
end
