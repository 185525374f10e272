# A read-only FUSE mount of SOURCE at MOUNT whose reads block while the file GATE exists: a mount
# "made to block", like a hung hard NFS mount. Usage: python blockfs.py SOURCE MOUNT GATE (foreground).
import errno, os, sys, threading, time
from fuse import FUSE, FuseOSError, Operations
class Block(Operations):
    def __init__(self, root, gate): self.root, self.gate = root, gate
    def _p(self, path): return os.path.join(self.root, path.lstrip('/'))
    def getattr(self, path, fh=None):
        st = os.lstat(self._p(path))
        return {k: getattr(st, k) for k in ('st_atime','st_ctime','st_gid','st_mode','st_mtime','st_nlink','st_size','st_uid')}
    def readdir(self, path, fh): return ['.', '..'] + os.listdir(self._p(path))
    def open(self, path, flags): return os.open(self._p(path), os.O_RDONLY)
    def read(self, path, size, offset, fh):
        while os.path.exists(self.gate): time.sleep(0.1)
        os.lseek(fh, offset, 0); return os.read(fh, size)
    def release(self, path, fh): os.close(fh)
if __name__ == '__main__':
    FUSE(Block(sys.argv[1], sys.argv[3]), sys.argv[2], foreground=True, ro=True, allow_other=False)
